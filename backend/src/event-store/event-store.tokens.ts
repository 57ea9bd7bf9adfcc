export const EVENT_STORE = Symbol('EVENT_STORE');
