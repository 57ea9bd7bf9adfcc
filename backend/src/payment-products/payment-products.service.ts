import { Injectable } from '@nestjs/common';
import { priceToCents } from '@qrsharks/qr-core';
import { CodesQueryService } from '../codes';
import { DomainError } from '../common/domain-error';
import type { PaymentProduct } from './payment-products.answers';

export const PRODUCT_NOT_FOUND = 'Product not found';

/**
 * What a buyer pays for: the product of a payment code of this tenant (static, or dynamic and not paused). The code
 * is the codes feature's; we read it through its query service. The payments issue adds checkout here.
 */
@Injectable()
export class PaymentProductsService {
  constructor(private readonly codes: CodesQueryService) {}

  async product(id: string, tenantId: number): Promise<PaymentProduct> {
    const code = await this.codes.paymentCode(id, tenantId);
    if (!code) throw DomainError.notFound(PRODUCT_NOT_FOUND);
    return {
      id: code.id,
      productName: String(code.fields.productName ?? ''),
      productDescription: String(code.fields.productDescription ?? ''),
      productPrice: priceToCents(code.fields.productPrice),
    };
  }
}
