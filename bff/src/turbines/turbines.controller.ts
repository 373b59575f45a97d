import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  type ApiSuccess,
  createTurbineBody,
  type CreateTurbineBody,
  type Turbine,
  type TurbineDetail,
  turbineListQuery,
  updateTurbineBody,
  type UpdateTurbineBody,
} from '@kanat360/contracts';
import { type Translate } from '@kanat360/i18n';
import { type Principal } from '@/access/principal.js';
import { CurrentPrincipal, RequirePermission } from '@/auth/access.decorators.js';
import { IdPipe } from '@/common/id.pipe.js';
import { RequestTranslator } from '@/common/translator.decorator.js';
import { ValidBody, ValidQuery } from '@/common/zod-validation.js';
import { TurbinesService } from './turbines.service.js';

// The seed client's user_id/role/company_id parameters (query and delete body) are ignored: identity comes from the
// session, and the company scope from it.
@ApiTags('turbines')
@Controller('turbines')
export class TurbinesController {
  constructor(private readonly turbines: TurbinesService) {}

  @Get()
  @RequirePermission('turbine.read')
  async list(
    @CurrentPrincipal() actor: Principal,
    @ValidQuery(turbineListQuery) { filter_company_id }: { filter_company_id?: number },
  ): Promise<ApiSuccess<Turbine[]>> {
    return { success: true, data: await this.turbines.list(actor, filter_company_id) };
  }

  @Get(':id')
  @RequirePermission('turbine.read')
  async get(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) id: number,
  ): Promise<ApiSuccess<TurbineDetail> & { turbine: TurbineDetail }> {
    const turbine = await this.turbines.detail(actor, id);
    // Spec §7 reads `turbine`; `data` keeps the envelope every other answer has.
    return { success: true, data: turbine, turbine };
  }

  @Post()
  @RequirePermission('turbine.create')
  async create(
    @CurrentPrincipal() actor: Principal,
    @ValidBody(createTurbineBody) body: CreateTurbineBody,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<Turbine>> {
    return { success: true, data: await this.turbines.create(actor, body), message: t('api.turbineCreated') };
  }

  @Put(':id')
  @RequirePermission('turbine.update')
  async update(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) id: number,
    @ValidBody(updateTurbineBody) body: UpdateTurbineBody,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<Turbine>> {
    return { success: true, data: await this.turbines.update(actor, id, body), message: t('api.turbineUpdated') };
  }

  @Delete(':id')
  @HttpCode(200)
  @RequirePermission('turbine.delete')
  async delete(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) id: number,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<null>> {
    await this.turbines.delete(actor, id);
    return { success: true, data: null, message: t('api.turbineDeleted') };
  }
}
