import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { Clock } from '@lib/common';
import { CreditCatalogue } from '@lib/catalogue';
import { Public, ApiEnvelope } from '@lib/http-host';
import { API_CONFIG, type ApiConfig } from '../../api.config';
import { CatalogueModel } from './catalogue.models';

/** What can be bought: the active packages and the promotions running now; no key needed. */
@ApiTags('credits')
@Controller('v1/credits/packages')
export class ListPackagesController {
  constructor(
    private readonly catalogue: CreditCatalogue,
    private readonly clock: Clock,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  @Get()
  @Public()
  @ApiSecurity({})
  @ApiOperation({
    operationId: 'CreditsController_packages',
    summary:
      'Active credit packages with what each gives now, running promotions and the free trial credits (no API key needed)',
  })
  @ApiEnvelope(CatalogueModel)
  packages() {
    const now = this.clock.nowIso();
    return {
      packages: this.catalogue.activePackages(now),
      promotions: this.catalogue.runningPromotions(now),
      trialCredits: this.config.dashboard.trialCredits,
    };
  }
}
