import { Global, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JsonBodyGuard } from '../common/json-body.guard';
import { AccountsController } from './accounts.controller';
import { GoogleAuthGuard } from './google/google-auth.guard';
import { GoogleController } from './google/google.controller';
import { GoogleStrategy } from './google/google.strategy';
import { ENV, Env } from '../config/env';
import { AccountsService } from './model/accounts.service';
import { ChangePasswordHandler } from './settings/change-password.command';
import { DeleteAccountHandler } from './settings/delete-account.command';
import { EmailVerificationController } from './email-verification/email-verification.controller';
import { ResendVerificationHandler, VerifyEmailHandler } from './email-verification/email-verification.command';
import { DisableAccountHandler, EnableAccountHandler } from './roles/disable-account.command';
import { SignInWithGoogleHandler } from './google/sign-in-with-google.command';
import { GrantRoleHandler } from './roles/grant-role.command';
import { LogInUserHandler } from './sessions/log-in-user.command';
import { RequestPasswordResetHandler, ResetPasswordHandler } from './password-reset/password-reset.command';
import { PasswordResetController } from './password-reset/password-reset.controller';
import { RegisterUserHandler } from './registration/register-user.command';
import { RevokeRoleHandler } from './roles/revoke-role.command';
import { UpdateUserNameHandler } from './settings/update-user-name.command';
import { OriginCheckMiddleware } from './sessions/origin-check.middleware';
import { RateLimiter } from './sessions/rate-limiter';
import { DeviceCookies } from './sessions/device-cookies';
import { GoogleStateStore } from './google/google-state.store';
import { OptionalUserGuard } from './sessions/optional-user.guard';
import { SessionAuthGuard } from './sessions/session-auth.guard';
import { SessionMiddleware } from './sessions/session.middleware';
import { SessionsService } from './sessions/sessions.service';
import { UsersProjection } from './model/users.projection';

/**
 * Global so that @Authenticated() (SessionAuthGuard) resolves its dependencies in every feature module.
 * Middleware for every route: the Origin check first (refuses before any session I/O), then the session.
 */
@Global()
@Module({
  controllers: [AccountsController, GoogleController, PasswordResetController, EmailVerificationController],
  providers: [
    AccountsService,
    SessionsService,
    RegisterUserHandler,
    LogInUserHandler,
    RequestPasswordResetHandler,
    ResetPasswordHandler,
    ResendVerificationHandler,
    VerifyEmailHandler,
    UpdateUserNameHandler,
    ChangePasswordHandler,
    DeleteAccountHandler,
    GrantRoleHandler,
    RevokeRoleHandler,
    DisableAccountHandler,
    EnableAccountHandler,
    SignInWithGoogleHandler,
    UsersProjection,
    SessionMiddleware,
    OriginCheckMiddleware,
    RateLimiter,
    DeviceCookies,
    GoogleStateStore,
    SessionAuthGuard,
    OptionalUserGuard,
    GoogleAuthGuard,
    // Global: every JSON route refuses other body types with 415 (common/json-body.guard.ts).
    { provide: APP_GUARD, useClass: JsonBodyGuard },
    // Registered with passport only when configured; /auth/google otherwise answers a page saying so.
    {
      provide: GoogleStrategy,
      inject: [ENV, GoogleStateStore],
      useFactory: (env: Env, state: GoogleStateStore) => (env.GOOGLE_CLIENT_ID ? new GoogleStrategy(env, state) : null),
    },
  ],
  exports: [AccountsService, SessionAuthGuard, OptionalUserGuard, RateLimiter],
})
export class AccountsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(OriginCheckMiddleware, SessionMiddleware).forRoutes('*');
  }
}
