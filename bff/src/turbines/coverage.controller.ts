import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type ApiSuccess,
  type FleetCoverage,
  fleetCoverageQuery,
  type TurbineCoverage,
  turbineCoverageQuery,
} from '@kanat360/contracts';
import { type z } from 'zod';
import { type Principal } from '@/access/principal.js';
import { CurrentPrincipal, RequirePermission } from '@/auth/access.decorators.js';
import { IdPipe } from '@/common/id.pipe.js';
import { ValidQuery } from '@/common/zod-validation.js';
import { CoverageService } from './coverage.service.js';

const RULE =
  'A turbine is covered for a year when each blade has at least one blade photo in each of its rooms (1 to rooms) ' +
  'and at least one drone photo naming that blade: 3 × rooms + 3 slots.';

@ApiTags('coverage')
@Controller()
export class CoverageController {
  constructor(private readonly coverage: CoverageService) {}

  @Get('turbines/:id/coverage')
  @RequirePermission('coverage.read')
  @ApiOperation({
    summary: "A turbine's campaign coverage",
    description: `Photos and findings of the year (this year by default) per blade, room and category. ${RULE}`,
  })
  async ofTurbine(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) id: number,
    @ValidQuery(turbineCoverageQuery) { year }: z.output<typeof turbineCoverageQuery>,
  ): Promise<ApiSuccess<TurbineCoverage>> {
    return { success: true, data: await this.coverage.ofTurbine(actor, id, year) };
  }

  @Get('coverage')
  @RequirePermission('coverage.read')
  @ApiOperation({
    summary: "The fleet's campaign coverage",
    description: `Each turbine the caller sees with the share of the year's slots covered and what is missing. ${RULE}`,
  })
  async ofFleet(
    @CurrentPrincipal() actor: Principal,
    @ValidQuery(fleetCoverageQuery) { year, filter_company_id }: z.output<typeof fleetCoverageQuery>,
  ): Promise<ApiSuccess<FleetCoverage>> {
    return { success: true, data: await this.coverage.ofFleet(actor, year, filter_company_id) };
  }
}
