// The API paths (and SWR keys) of the projects, in a module of their own: the route table reads them
// to start a project's download early without pulling the projects API (and its schemas) into the
// entry chunk.
export const PROJECTS_KEY = '/api/projects';
export const projectKey = (id: string) => `/api/projects/${encodeURIComponent(id)}`;
