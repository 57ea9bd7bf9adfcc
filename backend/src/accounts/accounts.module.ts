import { Global, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { AccountsController } from './accounts.controller';
import { AdminUsersController } from './admin-users.controller';
import { AccountsService } from './accounts.service';
import { OriginCheckMiddleware } from './origin-check.middleware';
import { RateLimiter } from './rate-limiter';
import { SessionAuthGuard } from './session-auth.guard';
import { SessionMiddleware } from './session.middleware';
import { UsersProjection } from './users.projection';

/**
 * Global so that @Authenticated() (SessionAuthGuard) resolves its dependencies in every feature module.
 * Middleware for every route: the Origin check first (refuses before any session I/O), then the session.
 */
@Global()
@Module({
  controllers: [AccountsController, AdminUsersController],
  providers: [AccountsService, UsersProjection, SessionMiddleware, OriginCheckMiddleware, RateLimiter, SessionAuthGuard],
  exports: [AccountsService, SessionAuthGuard],
})
export class AccountsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(OriginCheckMiddleware, SessionMiddleware).forRoutes('*');
  }
}
