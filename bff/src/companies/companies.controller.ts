import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type ApiSuccess, type Company, companyBody, type CompanyBody } from '@kanat360/contracts';
import { type Translate } from '@kanat360/i18n';
import { type Principal } from '@/access/principal.js';
import { CurrentPrincipal, RequirePermission } from '@/auth/access.decorators.js';
import { IdPipe } from '@/common/id.pipe.js';
import { RequestTranslator } from '@/common/translator.decorator.js';
import { ValidBody } from '@/common/zod-validation.js';
import { CompaniesService } from './companies.service.js';

@ApiTags('companies')
@Controller('companies')
export class CompaniesController {
  constructor(private readonly companies: CompaniesService) {}

  @Get()
  @RequirePermission('company.read')
  async list(): Promise<ApiSuccess<Company[]>> {
    return { success: true, data: await this.companies.list() };
  }

  @Post()
  @RequirePermission('company.create')
  async create(
    @ValidBody(companyBody) body: CompanyBody,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<Company>> {
    return { success: true, data: await this.companies.create(body), message: t('api.companyCreated') };
  }

  @Put(':id')
  @RequirePermission('company.update')
  async update(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('COMPANY_NOT_FOUND')) id: number,
    @ValidBody(companyBody) body: CompanyBody,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<Company>> {
    return { success: true, data: await this.companies.update(actor, id, body), message: t('api.companyUpdated') };
  }

  @Delete(':id')
  @HttpCode(200)
  @RequirePermission('company.delete')
  async delete(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('COMPANY_NOT_FOUND')) id: number,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<null>> {
    await this.companies.delete(actor, id);
    return { success: true, data: null, message: t('api.companyDeleted') };
  }
}
