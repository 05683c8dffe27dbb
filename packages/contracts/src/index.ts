export * from './api.js';
export * from './auth.js';
export * from './entities.js';
export * from './events.js';
export * from './limits.js';
export * from './plans.js';
export * from './text.js';
export * from './billing.js';
