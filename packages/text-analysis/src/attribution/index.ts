export { attributeQuotes, attributeDetailed, attributeSteps, CONFIDENCE } from './attributeQuotes.js';
export { mergeNarrator } from './narrator.js';
export { mergeRoles, rolesByApposition, rolesByTurns } from './roles.js';
