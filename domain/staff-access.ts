// Scope checks (spec §6 "a scope check on the user"). Staff hold `cms:*`
// scopes; `cms:*` itself grants every cms scope.
export function isStaff(scopes: readonly string[]): boolean {
  return scopes.some((scope) => scope.startsWith('cms:'));
}

export function hasScope(scopes: readonly string[], wanted: string): boolean {
  if (scopes.includes(wanted)) return true;
  const [area] = wanted.split(':');
  return scopes.includes(`${area}:*`);
}
