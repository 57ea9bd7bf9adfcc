import { Global, Module } from '@nestjs/common';
import { HumanScanCount } from '../codes';
import { ENV, Env } from '../config/env';
import { DATABASE_URL } from '../database/database.module';
import { UnlockLimiter } from './code-unlock';
import { RedirectHandler } from './redirect.handler';
import { VisitorHashRetention } from './visitor-hash-retention';
import { ScanIngester } from './scan-ingester';
import { SCAN_KEYS, scanKeys } from './scan-keys';
import { ScanCaps } from './scan-caps';
import { ScanRecorder } from './scan-recorder';
import { ScanTargetCache } from './scan-target-cache';
import { ScanTargetsProjection } from './scan-targets.projection';

/**
 * The scan hot path (/d/{shortCode}), its read model and cache, and the ingester of the scan buffer. Global, so the
 * analytics feature's live feed gets SCAN_KEYS (the channel names) and codes' simulate the cap's live count (its
 * HumanScanCount port) without importing this module's file.
 */
@Global()
@Module({
  providers: [
    { provide: SCAN_KEYS, inject: [ENV, DATABASE_URL], useFactory: (env: Env, databaseUrl: string) => scanKeys(env, databaseUrl) },
    ScanTargetCache,
    ScanTargetsProjection,
    ScanRecorder,
    ScanCaps,
    { provide: HumanScanCount, useExisting: ScanCaps },
    UnlockLimiter,
    RedirectHandler,
    ScanIngester,
    VisitorHashRetention,
  ],
  exports: [SCAN_KEYS, ScanTargetCache, HumanScanCount],
})
export class ScansModule {}
