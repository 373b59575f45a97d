import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type ApiSuccess,
  createTurbineBody,
  type CreateTurbineBody,
  type Turbine,
  type TurbineDetail,
  turbineImportQuery,
  type TurbineImportReport,
  turbineListQuery,
  updateTurbineBody,
  type UpdateTurbineBody,
} from '@kanat360/contracts';
import { type Translate } from '@kanat360/i18n';
import { type z } from 'zod';
import { type Principal } from '@/access/principal.js';
import { CurrentPrincipal, RequirePermission } from '@/auth/access.decorators.js';
import { IdPipe } from '@/common/id.pipe.js';
import { RequestTranslator } from '@/common/translator.decorator.js';
import { ValidBody, ValidQuery } from '@/common/zod-validation.js';
import { MultipartBody, type MultipartForm } from '@/uploads/multipart.js';
import { TurbineImportService } from './turbine-import.service.js';
import { TurbinesService } from './turbines.service.js';

// The seed client's user_id/role/company_id parameters (query and delete body) are ignored: identity comes from the
// session, and the company scope from it.
@ApiTags('turbines')
@Controller('turbines')
export class TurbinesController {
  constructor(
    private readonly turbines: TurbinesService,
    private readonly turbineImport: TurbineImportService,
  ) {}

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

  @Post('import')
  @HttpCode(200)
  @RequirePermission('turbine.import')
  @ApiConsumes('multipart/form-data')
  @ApiOperation({
    summary: 'Adds and updates turbines from a CSV or Excel sheet',
    description:
      'The sheet is the multipart field `file` (.csv or .xlsx, at most 2 MB and 2,000 rows; headers as the README ' +
      'lists them, in Turkish or English). Rows are matched to existing turbines by `code` within their company. ' +
      '`dry_run` (the default) answers per row `create`, `update`, `unchanged` or `refused` with the reasons; ' +
      '`dry_run=false` writes every row in one transaction, or nothing (422 IMPORT_ROWS_REFUSED) when any is refused.',
  })
  async import(
    @CurrentPrincipal() actor: Principal,
    @ValidQuery(turbineImportQuery) { dry_run, company_id }: z.output<typeof turbineImportQuery>,
    @MultipartBody() form: MultipartForm,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<TurbineImportReport>> {
    return {
      success: true,
      data: await this.turbineImport.import(actor, form, { dryRun: dry_run, companyId: company_id }, t),
    };
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
