import { Module } from '@nestjs/common';
import { CompaniesModule } from '../companies/companies.module.js';
import { UsersController } from './users.controller.js';
import { UsersService } from './users.service.js';

@Module({ imports: [CompaniesModule], controllers: [UsersController], providers: [UsersService] })
export class UsersModule {}
