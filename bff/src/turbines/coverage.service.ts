import { Injectable } from '@nestjs/common';
import { can, type FleetCoverage, type TurbineCoverage } from '@kanat360/contracts';
import { AccessService } from '@/access/access.service.js';
import { type Principal, tenantScope } from '@/access/principal.js';
import { AppError } from '@/common/app-error.js';
import { coverageOf, missingOf } from './coverage.js';
import { CoverageQuery } from './coverage.query.js';
import { TurbineListQuery } from './turbine-list.query.js';

/** The campaign year a request means: the one it names, else this year. */
const yearOrThis = (year: number | undefined) => year ?? new Date().getFullYear();

@Injectable()
export class CoverageService {
  constructor(
    private readonly access: AccessService,
    private readonly coverage: CoverageQuery,
    private readonly turbineList: TurbineListQuery,
  ) {}

  /** A turbine's photos and findings of a year per blade, room and category, and how much of it is covered. */
  async ofTurbine(actor: Principal, id: number, year: number | undefined): Promise<TurbineCoverage> {
    await this.access.requireAccess(actor, 'coverage.read', id);
    const turbine = await this.turbineList.findLive(id);
    if (!turbine) throw new AppError('TURBINE_NOT_FOUND');
    const campaign = yearOrThis(year);
    const { photos, findings } = await this.coverage.ofTurbine(id, campaign, !can(actor.role, 'finding.readDrafts'));
    return { turbine_id: id, year: campaign, rooms: turbine.rooms, ...coverageOf(turbine.rooms, photos, findings) };
  }

  /** Every turbine the caller sees, with its share of the year's slots covered and what is missing. */
  async ofFleet(
    actor: Principal,
    year: number | undefined,
    filterCompanyId: number | undefined,
  ): Promise<FleetCoverage> {
    const scope = tenantScope(actor);
    const campaign = yearOrThis(year);
    const { turbines, photos } = await this.coverage.ofFleet(scope, campaign, scope.all ? filterCompanyId : undefined);
    return {
      year: campaign,
      turbines: turbines.map((turbine) => {
        const parts = coverageOf(turbine.rooms, photos.get(turbine.turbine_id) ?? [], []);
        const { expected_slots, covered_slots, share, covered } = parts;
        return { ...turbine, expected_slots, covered_slots, share, covered, ...missingOf(parts) };
      }),
    };
  }
}
