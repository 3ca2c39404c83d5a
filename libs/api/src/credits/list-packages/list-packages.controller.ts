import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { Clock } from '@lib/common';
import { CreditCatalogue } from '@lib/credits';
import { Public, ApiEnvelope } from '@lib/http-host';
import { CatalogueModel } from './catalogue.models';

/** What can be bought: the active packages and the promotions running now; no key needed. */
@ApiTags('credits')
@Controller('v1/credits/packages')
export class ListPackagesController {
  constructor(
    private readonly catalogue: CreditCatalogue,
    private readonly clock: Clock,
  ) {}

  @Get()
  @Public()
  @ApiSecurity({})
  @ApiOperation({
    operationId: 'CreditsController_packages',
    summary: 'Active credit packages and running promotions (no API key needed)',
  })
  @ApiEnvelope(CatalogueModel)
  packages() {
    return {
      packages: this.catalogue.activePackages(),
      promotions: this.catalogue.runningPromotions(this.clock.nowIso()),
    };
  }
}
