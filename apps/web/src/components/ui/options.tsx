/**
 * The <option>s of a fixed list of values (genders, terms, result types), each shown by `label`:
 * the one way the filters, forms and class pages write them.
 */
export function Options<V extends string | number>({ values, label }: { values: readonly V[]; label: (value: V) => string | null | undefined }) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={String(value)}>
          {label(value) ?? String(value)}
        </option>
      ))}
    </>
  );
}
