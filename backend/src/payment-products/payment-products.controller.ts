import { Controller, Get } from '@nestjs/common';
import { AnswerOf, IdParam, uuidId } from '../common/input';
import { Tenant } from '../common/request-params';
import { paymentProductAnswer, type PaymentProduct } from './payment-products.answers';
import { PaymentProductsService, PRODUCT_NOT_FOUND } from './payment-products.service';

/** GET /api/payment-product/{id}: public (buyers are anonymous); price in cents. */
@Controller('api')
export class PaymentProductsController {
  constructor(private readonly products: PaymentProductsService) {}

  @Get('payment-product/:id')
  @AnswerOf(paymentProductAnswer)
  product(@IdParam('id', uuidId(), PRODUCT_NOT_FOUND) id: string, @Tenant() tenantId: number): Promise<PaymentProduct> {
    return this.products.product(id, tenantId);
  }
}
