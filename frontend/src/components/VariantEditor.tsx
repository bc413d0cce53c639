import { useId } from 'react';
import { CloseIcon } from './moreIcons';
import { CountInput, TextField } from './TextField';
import {
  describeVariant,
  gridRows,
  removedRows,
  setRemoved,
  setRowValue,
  variantKey,
  type VariantGrid,
} from '@/lib/variantGrid';
import './VariantEditor.css';

type VariantEditorProps = {
  grid: VariantGrid;
  onChange: (grid: VariantGrid) => void;
  /** More classes on the wrapper of the sizes and colours fields (the admin grid's). */
  fieldClassName?: string;
};

/**
 * Back office (loaded only with admin code): the sizes and colours of a product and the variant
 * grid they make, one row per size × colour with its stock and optional SKU. A row can be taken
 * out (that combination is not sold) and put back.
 */
export function VariantEditor({ grid, onChange, fieldClassName }: VariantEditorProps) {
  const rows = gridRows(grid);
  const removed = removedRows(grid);
  const headingId = useId();
  const hasSizes = rows.some((r) => r.size) || removed.some((r) => r.size);
  const hasColors = rows.some((r) => r.color) || removed.some((r) => r.color);

  return (
    <div className="variant-editor">
      <div className="variant-editor__options">
        <TextField
          className={fieldClassName}
          label="Sizes"
          optional
          value={grid.sizes}
          onValueChange={(sizes) => onChange({ ...grid, sizes })}
          hint="Separate with commas: 40, 41, 42"
          autoComplete="off"
        />
        <TextField
          className={fieldClassName}
          label="Colours"
          optional
          value={grid.colors}
          onValueChange={(colors) => onChange({ ...grid, colors })}
          hint="Separate with commas: Black, Brown"
          autoComplete="off"
        />
      </div>

      <section className="variant-editor__grid" aria-labelledby={headingId}>
        <h3 id={headingId} className="variant-editor__title">
          Variants and stock{' '}
          <span className="variant-editor__count">
            ({rows.length} {rows.length === 1 ? 'variant' : 'variants'})
          </span>
        </h3>
        {rows.length === 0 ? (
          <p className="variant-editor__empty">Every combination is taken out: put one back to sell this product.</p>
        ) : (
          <table className="variant-table">
            <thead>
              <tr>
                {hasSizes && <th scope="col">Size</th>}
                {hasColors && <th scope="col">Colour</th>}
                {!hasSizes && !hasColors && <th scope="col">Variant</th>}
                <th scope="col">Stock</th>
                <th scope="col">SKU (optional)</th>
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const name = describeVariant(row.size, row.color);
                return (
                  <tr
                    key={variantKey(row.size, row.color)}
                    className={`variant-table__row${hasSizes && hasColors ? ' variant-table__row--both' : ''}`}
                  >
                    {hasSizes && (
                      <td className="variant-table__option" data-label="Size">
                        {row.size}
                      </td>
                    )}
                    {hasColors && (
                      <td className="variant-table__option" data-label="Colour">
                        {row.color}
                      </td>
                    )}
                    {!hasSizes && !hasColors && <td className="variant-table__option">One size</td>}
                    <td className="variant-table__stock">
                      <label className="variant-table__label">
                        <span className="variant-table__label-text">Stock</span>
                        <CountInput
                          className="variant-table__input"
                          count="stock"
                          value={row.stock}
                          aria-label={`Stock for ${name}`}
                          onValueChange={(stock) => onChange(setRowValue(grid, row, { stock }))}
                        />
                      </label>
                    </td>
                    <td className="variant-table__sku">
                      <label className="variant-table__label">
                        <span className="variant-table__label-text">SKU</span>
                        <input
                          className="field__input variant-table__input"
                          type="text"
                          autoComplete="off"
                          spellCheck={false}
                          maxLength={64}
                          value={row.sku}
                          aria-label={`SKU for ${name}`}
                          onChange={(e) => onChange(setRowValue(grid, row, { sku: e.target.value }))}
                        />
                      </label>
                    </td>
                    <td className="variant-table__remove">
                      <button
                        type="button"
                        className="btn btn--sm btn--outline variant-table__remove-button"
                        aria-label={`Stop selling ${name}`}
                        title="Not sold in this combination"
                        onClick={() => onChange(setRemoved(grid, row.size, row.color, true))}
                      >
                        <CloseIcon size={18} />
                        <span className="variant-table__remove-text">Remove</span>
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        {removed.length > 0 && (
          <div className="variant-editor__removed">
            <p className="variant-editor__removed-title">Not sold:</p>
            <ul className="wrap-list">
              {removed.map(({ size, color }) => {
                const name = describeVariant(size, color);
                return (
                  <li key={variantKey(size, color)}>
                    <button
                      type="button"
                      className="variant-editor__restore"
                      aria-label={`Sell ${name} again`}
                      onClick={() => onChange(setRemoved(grid, size, color, false))}
                    >
                      {name} <span aria-hidden="true">+</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
        )}
      </section>
    </div>
  );
}
