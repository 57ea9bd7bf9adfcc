import { Controller, Get, HttpCode, Post, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiConsumes } from '@nestjs/swagger';
import { Authenticated, CurrentUser, type AuthUser } from '../accounts';
import { AnswerOf, BodyOf, IdParam, uuidId } from '../common/input';
import { BATCH_NOT_FOUND } from './batch';
import { CreateBatchCommand } from './batch.commands';
import { batchAnswer, batchesAnswer, createdBatchAnswer, type BatchAnswer, type CreatedBatchAnswer } from './batches.answers';
import { BatchesQuery } from './batches.query';
import { createBatchSchema, type CreateBatch } from './batches.schemas';
import { CsvFileOf, CsvUploadInterceptor } from './csv-upload.interceptor';

/**
 * A signed-in owner's batches (issue 35): many codes at once from JSON rows or a CSV, each row held to the single
 * create's rules by the worker; progress, the codes made and the rows refused. Someone else's batch is 404.
 */
@Controller('api/batches')
export class BatchesController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly batches: BatchesQuery,
  ) {}

  @Post()
  @HttpCode(202)
  @Authenticated()
  @UseInterceptors(CsvUploadInterceptor)
  @ApiConsumes('application/json', 'multipart/form-data')
  @AnswerOf(createdBatchAnswer, 202)
  create(
    @CurrentUser() user: AuthUser,
    @BodyOf(createBatchSchema) body: CreateBatch,
    @CsvFileOf() csv: string | null,
  ): Promise<CreatedBatchAnswer> {
    return this.commandBus.execute(CreateBatchCommand.from(user, body, csv));
  }

  @Get() @Authenticated() @AnswerOf(batchesAnswer) list(@CurrentUser() user: AuthUser): Promise<BatchAnswer[]> {
    return this.batches.list(user);
  }

  @Get(':id') @Authenticated() @AnswerOf(batchAnswer) get(
    @CurrentUser() user: AuthUser,
    @IdParam('id', uuidId(), BATCH_NOT_FOUND) id: string,
  ): Promise<BatchAnswer> {
    return this.batches.get(user, id);
  }
}
