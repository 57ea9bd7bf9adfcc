/**
 * The floor under bench/dashboard's signed-out 401: a bare NestJS-on-Express app (one controller, no middleware, no
 * guard, no filter, Nest's own logger off) answering GET /api/user with the same 401 body as the product, on
 * BARE_PORT. Started by dashboard.bench.ts in its own process, as the product is; what our stack adds above it is
 * ours to cut (issue 31).
 */
import 'reflect-metadata';
import { Controller, Get, HttpCode, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import express from 'express';

@Controller('api')
class BareController {
  @Get('user')
  @HttpCode(401)
  user() {
    return { statusCode: 401, message: 'Authentication required', error: 'Unauthorized', code: 'unauthenticated' };
  }
}

@Module({ controllers: [BareController] })
class BareModule {}

async function main() {
  const app = await NestFactory.create(BareModule, new ExpressAdapter(express()), { logger: false });
  await app.listen(Number(process.env.BARE_PORT), '127.0.0.1');
}

void main();
