import { Controller } from '@nestjs/common';
import {
  fleetCoverage,
  fleetCoverageQuery,
  successOf,
  turbineCoverage,
  turbineCoverageQuery,
  turbinePath,
} from '@kanat360/contracts';
import { type z } from 'zod';
import { type Principal } from '@/access/principal.js';
import { CurrentPrincipal } from '@/auth/access.decorators.js';
import { Route, RouteGroup, ValidParams, ValidQuery } from '@/openapi/route.js';
import { CoverageService } from './coverage.service.js';

const RULE =
  'A turbine is covered for a year when each blade has at least one blade photo in each of its rooms (1 to rooms) ' +
  'and at least one drone photo naming that blade: 3 × rooms + 3 slots.';

@RouteGroup('coverage')
@Controller()
export class CoverageController {
  constructor(private readonly coverage: CoverageService) {}

  @Route('GET', 'turbines/:id/coverage', {
    summary: "A turbine's campaign coverage",
    description: `Photos and findings of the year (this year by default) per blade, room and category. ${RULE}`,
    access: 'coverage.read',
    params: turbinePath,
    query: turbineCoverageQuery,
    answers: { 200: successOf(turbineCoverage) },
  })
  async ofTurbine(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id }: z.output<typeof turbinePath>,
    @ValidQuery() { year }: z.output<typeof turbineCoverageQuery>,
  ) {
    return { success: true as const, data: await this.coverage.ofTurbine(actor, id, year) };
  }

  @Route('GET', 'coverage', {
    summary: "The fleet's campaign coverage",
    description:
      `Each turbine the caller sees with the share of the year's slots covered and what is missing. ${RULE} ` +
      'filter_company_id narrows a superadmin’s answer to one company.',
    access: 'coverage.read',
    query: fleetCoverageQuery,
    answers: { 200: successOf(fleetCoverage) },
  })
  async ofFleet(
    @CurrentPrincipal() actor: Principal,
    @ValidQuery() { year, filter_company_id }: z.output<typeof fleetCoverageQuery>,
  ) {
    return { success: true as const, data: await this.coverage.ofFleet(actor, year, filter_company_id) };
  }
}
