/** Who and what the money-formats server holds (support/start-currency-server.ts, tests/money-formats.spec.ts). */
export const MONEY_FARM = { email: 'madina.farm@money.test', username: 'madina_farm', name: 'Madina Family Farm' } as const;
export const MONEY_BUYER = { email: 'ama@money.test', username: 'ama_money' } as const;
export const MONEY_PRODUCT = 'Garden Eggs';
