import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { UsersModule } from '@/users/users.module.js';
import { AuthController } from './auth.controller.js';
import { AuthGuard } from './auth.guard.js';
import { AuthService } from './auth.service.js';
import { LoginThrottleRepository } from './login-throttle.repository.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { PasswordResetTokensRepository } from './password-reset-tokens.repository.js';
import { PasswordResetWorker } from './password-reset.worker.js';
import { SessionCache } from './session-cache.js';
import { SessionsRepository } from './sessions.repository.js';
import { TokensService } from './tokens.service.js';

@Global()
@Module({
  imports: [UsersModule],
  controllers: [AuthController],
  providers: [
    AuthService,
    AuthGuard,
    { provide: APP_GUARD, useExisting: AuthGuard },
    TokensService,
    SessionsRepository,
    SessionCache,
    LoginThrottleRepository,
    LoginThrottleService,
    PasswordResetTokensRepository,
    PasswordResetWorker,
  ],
  exports: [SessionsRepository],
})
export class AuthModule {}
