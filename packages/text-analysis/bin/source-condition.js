// Module resolve hook: resolve workspace packages through their "@castbook/source" export
// condition (TypeScript sources), as `node --conditions=@castbook/source` would.
export async function resolve(specifier, context, nextResolve) {
  const conditions = context.conditions.includes('@castbook/source')
    ? context.conditions
    : ['@castbook/source', ...context.conditions];
  return nextResolve(specifier, { ...context, conditions });
}
