export { attributeQuotes, attributeDetailed, CONFIDENCE } from './attributeQuotes.js';
export { mergeNarrator } from './narrator.js';
export { mergeRoles, rolesByApposition } from './roles.js';
