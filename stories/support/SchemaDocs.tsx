import { schemaRows, type SchemaNode } from './schemaRows.ts';

/** A table of every setting in a schema, generated from its descriptions. */
export function SchemaDocs({ schema }: { schema: SchemaNode }) {
  const rows = schemaRows(schema);
  return (
    <table style={{ borderCollapse: 'collapse', width: '100%', fontSize: 14 }}>
      <thead>
        <tr>
          {['Setting', 'Kind', 'Required', 'What it does'].map((heading) => (
            <th
              key={heading}
              style={{ textAlign: 'left', borderBottom: '2px solid #2f3437', padding: 6 }}
            >
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.path}>
            <td
              style={{
                padding: 6,
                borderBottom: '1px solid #ddd',
                fontFamily: 'monospace',
                whiteSpace: 'nowrap',
              }}
            >
              {row.path}
            </td>
            <td style={{ padding: 6, borderBottom: '1px solid #ddd' }}>{row.kind}</td>
            <td style={{ padding: 6, borderBottom: '1px solid #ddd' }}>
              {row.required ? 'yes' : 'no'}
            </td>
            <td style={{ padding: 6, borderBottom: '1px solid #ddd' }}>{row.description}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
