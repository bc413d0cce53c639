/** A table's head row: one column header per name, in order. */
export function TableHead({ columns }: { columns: ReadonlyArray<string> }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
