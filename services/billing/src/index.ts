export { billingTarget } from './main.js';
