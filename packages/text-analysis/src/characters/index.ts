export { findCharacters, findCharactersDetailed, findCharactersSteps, NARRATOR_NAME } from './findCharacters.js';
export { getProfile, type Profile } from './profiles.js';
