import { Get } from '@nestjs/common';
import { ApiOperation, ApiProperty } from '@nestjs/swagger';
import { ApiEnvelope } from '@lib/http-host';
import { type EgressRouteReport, VerificationEngine } from '@lib/verification-engine';
import { AdminController } from '../shared/admin-controller.decorator';

class EgressRoutesModel {
  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description:
      "Each route: name, kind (direct, socks5), via (source address or proxy, password masked), egressId, heloName, mailFrom, state (in_service, out), port25 (the preflight's state through it), quarantines (scope '*', provider:NAME or mx:HOST; state quarantined or half_open; reason; strikes; since; until) and capsUsed",
  })
  routes!: EgressRouteReport[];
}

/** The prober's ways out and their health, as this process sees them (each worker keeps its own). */
@AdminController('admin/v1/egress-routes')
export class ListEgressRoutesController {
  constructor(private readonly engine: VerificationEngine) {}

  @Get()
  @ApiOperation({
    operationId: 'AdminEgressRoutesController_list',
    summary: "The egress routes of this process and their health per provider (docs/production.md, 'Egress')",
  })
  @ApiEnvelope(EgressRoutesModel)
  list(): EgressRoutesModel {
    return { routes: this.engine.egressReport() };
  }
}
