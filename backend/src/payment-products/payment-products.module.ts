import { Module } from '@nestjs/common';
import { PaymentProductsController } from './payment-products.controller';
import { PaymentProductsService } from './payment-products.service';

/**
 * The products payment codes sell (the buyer's page reads them); checkout comes with the payments issue. The codes
 * it sells come from CodesQueryService, which the (global) CodesModule provides.
 */
@Module({
  controllers: [PaymentProductsController],
  providers: [PaymentProductsService],
  exports: [PaymentProductsService],
})
export class PaymentProductsModule {}
