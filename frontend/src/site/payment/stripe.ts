/** The little of Stripe.js this page uses, loaded from the provider at run time. */
export interface StripeElement {
  mount(selector: string | HTMLElement): void;
  destroy(): void;
}
export interface StripeElements {
  create(type: 'payment'): StripeElement;
}
export interface StripeInstance {
  elements(options: { clientSecret: string }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    confirmParams: { return_url: string };
    redirect: 'if_required';
  }): Promise<{ error?: { type?: string; message?: string }; paymentIntent?: { status: string } }>;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeInstance;
  }
}

const STRIPE_JS = 'https://js.stripe.com/v3/';

export function loadStripe(publishableKey: string): Promise<StripeInstance> {
  return new Promise((resolve, reject) => {
    if (window.Stripe) return resolve(window.Stripe(publishableKey));
    const script = document.createElement('script');
    script.src = STRIPE_JS;
    script.async = true;
    script.onload = () => (window.Stripe ? resolve(window.Stripe(publishableKey)) : reject(new Error('Stripe.js did not load')));
    script.onerror = () => reject(new Error('Stripe.js did not load'));
    document.head.appendChild(script);
  });
}
