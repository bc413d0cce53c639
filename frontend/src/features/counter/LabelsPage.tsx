import { useEffect, useRef, useState } from 'react';
import { PageShell } from '@/components/PageShell';
import { SearchBox } from '@/components/forms/SearchBox';
import { formatNaira } from '@/lib/money';
import { useDebounced } from '@/lib/useDebounced';
import { useProductPrices, useStockRows } from './api';
import { variantName } from './catalogue';
import { Bar, Loaded } from './ui';
import type { StockRow } from '@/lib/types';
import './counter.css';
import './labels.css';

export type Sheet = 'a4' | 'roll';
/** An A4 sheet of 3×8 labels, or a label printer's roll: one 50×30 mm label a page. */
export const SHEET_PAGE: Record<Sheet, string> = {
  a4: '@page { size: A4; margin: 8mm 6mm; }',
  roll: '@page { size: 50mm 30mm; margin: 0; }',
};
const MAX_COPIES = 200;

/** A chosen variant and how many labels of it. */
type Chosen = { row: StockRow; copies: number };

/** The labels to print, each variant `copies` times, in the order chosen. */
export function labelsOf(chosen: ReadonlyArray<Chosen>): StockRow[] {
  return chosen.flatMap(({ row, copies }) => Array.from({ length: copies }, () => row));
}

/**
 * /admin/labels (owners, managers, packers): barcode labels (Code 128 of the SKU) for chosen
 * variants, with the product's name, size and colour and price, printed as an A4 sheet of 3×8 or
 * on a label printer's roll. A variant without a SKU is listed but cannot be chosen.
 */
export default function LabelsPage() {
  const [q, setQ] = useState('');
  const words = useDebounced(q, 300);
  const [page, setPage] = useState(1);
  const query = useStockRows(words, page);
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [sheet, setSheet] = useState<Sheet>('a4');

  const productIds = [...new Set(chosen.map((c) => c.row.productId))];
  const prices = useProductPrices(productIds);
  const priceOf = (productId: string): number | null => prices.data?.get(productId) ?? null;

  const choose = (row: StockRow, copies: number) =>
    setChosen((current) => {
      const rest = current.filter((c) => c.row.variantId !== row.variantId);
      return copies > 0 ? [...rest, { row, copies: Math.min(MAX_COPIES, copies) }] : rest;
    });
  const copiesOf = (variantId: string) => chosen.find((c) => c.row.variantId === variantId)?.copies ?? 0;
  const labels = labelsOf(chosen);

  const print = (paper: Sheet) => {
    setSheet(paper);
    window.setTimeout(() => window.print(), 0);
  };

  return (
    <PageShell title="Barcode labels" eyebrow="Admin">
      <style>{SHEET_PAGE[sheet]}</style>
      <Bar state={`${labels.length} ${labels.length === 1 ? 'label' : 'labels'} chosen.`}>
        <button
          type="button"
          className="btn btn--sm btn--dark"
          disabled={labels.length === 0}
          onClick={() => print('a4')}
        >
          Print A4 sheet
        </button>
        <button
          type="button"
          className="btn btn--sm btn--outline"
          disabled={labels.length === 0}
          onClick={() => print('roll')}
        >
          Print on a label roll
        </button>
      </Bar>
      <div className="counter">
        <SearchBox
          label="Find a variant (product name or SKU)"
          value={q}
          onValueChange={(v) => {
            setQ(v);
            setPage(1);
          }}
        />
        <Loaded query={query} loading="Loading variants…">
          {(data) => (
            <>
              <table className="counter-table">
                <caption className="visually-hidden">Variants and how many labels of each</caption>
                <thead>
                  <tr>
                    <th scope="col">Variant</th>
                    <th scope="col">SKU</th>
                    <th scope="col" className="is-num">
                      In stock
                    </th>
                    <th scope="col">Labels</th>
                  </tr>
                </thead>
                <tbody>
                  {data.rows.map((row) => (
                    <LabelRow
                      key={row.variantId}
                      row={row}
                      copies={copiesOf(row.variantId)}
                      onCopies={(n) => choose(row, n)}
                    />
                  ))}
                </tbody>
              </table>
              <Pages page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
            </>
          )}
        </Loaded>
        {labels.length > 0 && (
          <section aria-labelledby="preview-heading">
            <h2 id="preview-heading" className="counter-subtitle">
              Preview
            </h2>
            <div className={`counter-doc label-sheet label-sheet--${sheet}`} aria-label="Labels to print">
              {labels.map((row, i) => (
                <Label key={`${row.variantId}-${i}`} row={row} price={priceOf(row.productId)} />
              ))}
            </div>
          </section>
        )}
      </div>
    </PageShell>
  );
}

function LabelRow({ row, copies, onCopies }: { row: StockRow; copies: number; onCopies: (n: number) => void }) {
  const name = `${row.productName} (${variantName(row)})`;
  return (
    <tr>
      <th scope="row">{name}</th>
      <td data-label="SKU">{row.sku ?? <span className="muted">No SKU</span>}</td>
      <td className="is-num" data-label="In stock">
        {row.stock}
      </td>
      <td data-label="Labels">
        {row.sku ? (
          <span className="label-copies">
            <input
              type="checkbox"
              checked={copies > 0}
              onChange={(e) => onCopies(e.target.checked ? Math.max(1, row.stock) : 0)}
              aria-label={`Choose ${name}`}
            />
            <input
              type="number"
              className="field__input label-copies__count"
              min={0}
              max={MAX_COPIES}
              inputMode="numeric"
              value={copies}
              onChange={(e) => onCopies(Math.max(0, Math.floor(Number(e.target.value) || 0)))}
              aria-label={`Labels of ${name}`}
            />
          </span>
        ) : (
          <span className="muted">Give it a SKU in the product’s sizes and colours first</span>
        )}
      </td>
    </tr>
  );
}

/** One label: the SKU as Code 128 (an SVG, sharp at any printer's resolution) and what it is. */
export function Label({ row, price }: { row: StockRow; price: number | null }) {
  const svg = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (!row.sku || !svg.current) return;
    const node = svg.current;
    const sku = row.sku;
    void import('jsbarcode')
      .then(({ default: JsBarcode }) =>
        JsBarcode(node, sku, {
          format: 'CODE128',
          displayValue: true,
          fontSize: 12,
          height: 40,
          margin: 0,
          width: 1.4,
        }),
      )
      // A SKU Code 128 cannot carry, or no canvas to measure the text with: the label keeps its words.
      .catch(() => undefined);
  }, [row.sku]);
  return (
    <div className="label">
      <span className="label__name">{row.productName}</span>
      <span className="label__variant">
        {variantName(row)}
        {price !== null ? ` · ${formatNaira(price)}` : ''}
      </span>
      <svg ref={svg} className="label__code" role="img" aria-label={`Barcode ${row.sku ?? ''}`} />
    </div>
  );
}

/** Previous / where we are / Next under the list, hidden when it all fits on one page. */
function Pages({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  if (pages <= 1) return null;
  return (
    <nav className="counter-pager" aria-label="Pages">
      <button type="button" className="btn btn--sm btn--outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className="btn btn--sm btn--outline"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
