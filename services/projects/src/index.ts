export { projectsTarget } from './main.js';
