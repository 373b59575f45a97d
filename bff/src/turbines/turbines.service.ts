import { Injectable } from '@nestjs/common';
import {
  can,
  type CreateTurbineBody,
  type Turbine,
  type TurbineDetail,
  type UpdateTurbineBody,
} from '@kanat360/contracts';
import { DataSource } from 'typeorm';
import { AccessService } from '@/access/access.service.js';
import { type Principal, tenantScope } from '@/access/principal.js';
import { AppError } from '@/common/app-error.js';
import { JobQueue, QUEUES } from '@/jobs/job-queue.js';
import { MediaRepository } from '@/media/media.repository.js';
import { TurbineListQuery, type TurbineReader } from './turbine-list.query.js';
import { toWrite } from './turbine-write.js';
import { TurbinesRepository } from './turbines.repository.js';

/** Customers see a turbine's worst open severity among released findings only, like the findings themselves. */
function reader(actor: Principal): TurbineReader {
  return { readsDrafts: can(actor.role, 'finding.readDrafts') };
}

@Injectable()
export class TurbinesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: AccessService,
    private readonly turbines: TurbinesRepository,
    private readonly turbineList: TurbineListQuery,
    private readonly media: MediaRepository,
    private readonly jobs: JobQueue,
  ) {}

  /** `filter_company_id` is a superadmin's filter; for anyone else the session's company already decides. */
  async list(actor: Principal, filterCompanyId?: number): Promise<Turbine[]> {
    const scope = tenantScope(actor);
    return this.turbineList.list(scope, reader(actor), scope.all ? filterCompanyId : undefined);
  }

  /** The turbine, or TURBINE_NOT_FOUND when it is missing, being deleted, or another company's. */
  async get(actor: Principal, id: number): Promise<Turbine> {
    return this.find(actor, 'turbine.read', id);
  }

  /** The turbine with what its detail screen shows besides: the years that have media. */
  async detail(actor: Principal, id: number): Promise<TurbineDetail> {
    const turbine = await this.get(actor, id);
    return { ...turbine, media_years: await this.media.years(id) };
  }

  async create(actor: Principal, body: CreateTurbineBody): Promise<Turbine> {
    const companyId = await this.companyFor(actor, body.company_id);
    const id = await this.turbines.insert(toWrite(body, null, body.status, body.rooms, companyId));
    return this.get(actor, id);
  }

  async update(actor: Principal, id: number, body: UpdateTurbineBody): Promise<Turbine> {
    const current = await this.find(actor, 'turbine.update', id);
    // Only a caller who sees every company may move a turbine to another one; for others the field is ignored.
    const companyId = can(actor.role, 'tenant.all')
      ? await this.companyFor(actor, body.company_id ?? current.company_id)
      : current.company_id;
    await this.turbines.update(
      id,
      toWrite(body, current, body.status ?? current.status, body.rooms ?? current.rooms, companyId),
    );
    return this.get(actor, id);
  }

  /** Hides the turbine at once and queues the purge of its blobs and rows, in one transaction. */
  async delete(actor: Principal, id: number): Promise<void> {
    await this.access.requireAccess(actor, 'turbine.delete', id);
    await this.dataSource.transaction(async (manager) => {
      if (await this.turbines.markDeleted(manager, id)) {
        await this.jobs.send(QUEUES.purgeTurbine, { turbineId: id }, manager);
      }
    });
  }

  private async find(actor: Principal, permission: 'turbine.read' | 'turbine.update', id: number): Promise<Turbine> {
    await this.access.requireAccess(actor, permission, id);
    const turbine = await this.turbineList.findLive(id, reader(actor));
    if (!turbine) throw new AppError('TURBINE_NOT_FOUND');
    return turbine;
  }

  /**
   * Spec §5: admin and superadmin must pick a company ("Please select a company"), and only one they may reach;
   * anyone else gets their own.
   */
  private async companyFor(actor: Principal, requested: number | undefined): Promise<number> {
    if (!can(actor.role, 'turbine.chooseCompany')) return actor.companyId;
    if (requested === undefined) throw new AppError('COMPANY_REQUIRED', { field: 'company_id' });
    await this.access.requireAssignableCompany(actor, requested);
    return requested;
  }
}
