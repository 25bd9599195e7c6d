/**
 * Flattens a JSON Schema into one row per setting (path, kind, required, description) so that the
 * partner-onboarding manual in Storybook is generated from the schema's descriptions.
 */
export interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  oneOf?: SchemaNode[];
  minItems?: number;
  maxItems?: number;
  maxLength?: number;
  $defs?: Record<string, SchemaNode>;
}

export interface SchemaRow {
  path: string;
  kind: string;
  required: boolean;
  description: string;
}

function resolve(root: SchemaNode, node: SchemaNode): SchemaNode {
  if (!node.$ref) return node;
  const name = node.$ref.replace('#/$defs/', '');
  const target = root.$defs?.[name];
  return target
    ? {
        ...resolve(root, target),
        ...node,
        $ref: undefined,
        description: node.description ?? target.description,
      }
    : node;
}

function kindOf(node: SchemaNode): string {
  if (node.enum) return `one of ${node.enum.map((value) => JSON.stringify(value)).join(', ')}`;
  if (node.const !== undefined) return JSON.stringify(node.const);
  const type = Array.isArray(node.type) ? node.type.join(' or ') : (node.type ?? 'value');
  const limits = [
    node.minItems !== undefined && node.minItems === node.maxItems
      ? `exactly ${node.minItems}`
      : '',
    node.maxLength ? `up to ${node.maxLength} characters` : '',
  ].filter(Boolean);
  const word =
    {
      string: 'text',
      array: 'list',
      object: 'group',
      boolean: 'true/false',
      integer: 'whole number',
    }[type] ?? type;
  return [word, ...limits].join(', ');
}

export function schemaRows(
  root: SchemaNode,
  node: SchemaNode = root,
  path = '',
  required = true,
): SchemaRow[] {
  const current = resolve(root, node);
  const rows: SchemaRow[] = path
    ? [{ path, kind: kindOf(current), required, description: current.description ?? '' }]
    : [];
  for (const [key, child] of Object.entries(current.properties ?? {})) {
    if (key === '$schema') continue;
    rows.push(
      ...schemaRows(
        root,
        child,
        path ? `${path}.${key}` : key,
        current.required?.includes(key) ?? false,
      ),
    );
  }
  if (current.items) rows.push(...schemaRows(root, current.items, `${path}[]`, true).slice(0));
  for (const branch of current.oneOf ?? []) {
    const resolved = resolve(root, branch);
    const type = resolved.properties?.type;
    const label = type?.const ?? type?.enum?.join(' | ');
    for (const row of schemaRows(root, resolved, `${path} (${String(label)})`, true).slice(1))
      rows.push(row);
  }
  return rows;
}
