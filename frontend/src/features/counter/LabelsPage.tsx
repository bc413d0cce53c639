import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PageShell } from '@/components/PageShell';
import { SearchBox } from '@/components/forms/SearchBox';
import { formatNaira } from '@/lib/money';
import { useDebounced } from '@/lib/useDebounced';
import { counterKeys, fetchCatalogue, useProductPrices, useStockRows } from './api';
import { isEan13, variantName } from './catalogue';
import { useSession } from '@/lib/session';
import { may } from '@/lib/staff';
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

/** The bars: the SKU as Code 128, or the variant's EAN-13 (in-store numbers the shop makes). */
export type Symbology = 'code128' | 'ean13';
export const SYMBOLOGY_LABELS: Record<Symbology, string> = { code128: 'Code 128 (SKU)', ean13: 'EAN-13' };

/** What a label's bars carry, or why it has none. */
export function labelCode(
  row: Pick<StockRow, 'sku'>,
  ean: string | null,
  symbology: Symbology,
): { format: 'CODE128' | 'EAN13'; value: string } | { missing: string } {
  if (symbology === 'ean13') {
    if (ean && isEan13(ean)) return { format: 'EAN13', value: ean };
    return { missing: 'No EAN-13 for this variant: print it as Code 128.' };
  }
  if (row.sku) return { format: 'CODE128', value: row.sku };
  return { missing: 'No SKU: give it one to print Code 128.' };
}

/**
 * The EAN-13 of each variant, from the counter's catalogue (the server makes them), for those who
 * may read it; none otherwise (the labels say so).
 */
function useEans(wanted: boolean): { eans: Map<string, string | null> | null; allowed: boolean } {
  const { user } = useSession();
  const allowed = may(user, 'GET /api/counter/catalogue');
  const query = useQuery({
    queryKey: counterKeys.catalogue,
    queryFn: ({ signal }) => fetchCatalogue(signal),
    enabled: wanted && allowed,
    staleTime: 60_000,
  });
  if (!query.data) return { eans: null, allowed };
  const eans = new Map(query.data.products.flatMap((p) => p.variants.map((v) => [v.variantId, v.ean] as const)));
  return { eans, allowed };
}

/** A chosen variant and how many labels of it. */
type Chosen = { row: StockRow; copies: number };

/** The labels to print, each variant `copies` times, in the order chosen. */
export function labelsOf(chosen: ReadonlyArray<Chosen>): StockRow[] {
  return chosen.flatMap(({ row, copies }) => Array.from({ length: copies }, () => row));
}

/**
 * /admin/labels (owners, managers, packers): barcode labels (Code 128 of the SKU, or the variant's
 * EAN-13) for chosen variants, with the product's name, size and colour and price, printed as an
 * A4 sheet of 3×8 or on a label printer's roll. For Code 128 a variant without a SKU is listed but
 * cannot be chosen; a label without the code chosen says so instead of bars.
 */
export default function LabelsPage() {
  const [q, setQ] = useState('');
  const words = useDebounced(q, 300);
  const [page, setPage] = useState(1);
  const query = useStockRows(words, page);
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [sheet, setSheet] = useState<Sheet>('a4');
  const [symbology, setSymbology] = useState<Symbology>('code128');
  const { eans, allowed: eansAllowed } = useEans(symbology === 'ean13');
  const eanOf = (variantId: string): string | null => eans?.get(variantId) ?? null;

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
        <fieldset className="label-symbology">
          <legend className="counter-subtitle">Barcode</legend>
          {(Object.keys(SYMBOLOGY_LABELS) as Symbology[]).map((s) => (
            <label key={s} className={`counter-method${symbology === s ? ' is-on' : ''}`}>
              <input
                type="radio"
                name="symbology"
                value={s}
                checked={symbology === s}
                onChange={() => setSymbology(s)}
              />
              {SYMBOLOGY_LABELS[s]}
            </label>
          ))}
          <p className="counter-note counter-note--small">
            {symbology === 'code128'
              ? 'Code 128: the SKU itself, under the bars.'
              : eansAllowed
                ? 'EAN-13: the shop’s own numbers (starting with 2), read by any till scanner; the digits print under the bars.'
                : 'EAN-13 numbers come with the counter’s catalogue, which your role does not see: print Code 128.'}
          </p>
        </fieldset>
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
                      symbology={symbology}
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
                <Label
                  key={`${row.variantId}-${i}`}
                  row={row}
                  price={priceOf(row.productId)}
                  code={labelCode(row, eanOf(row.variantId), symbology)}
                />
              ))}
            </div>
          </section>
        )}
      </div>
    </PageShell>
  );
}

function LabelRow({
  row,
  copies,
  symbology,
  onCopies,
}: {
  row: StockRow;
  copies: number;
  symbology: Symbology;
  onCopies: (n: number) => void;
}) {
  const name = `${row.productName} (${variantName(row)})`;
  return (
    <tr>
      <th scope="row">{name}</th>
      <td data-label="SKU">{row.sku ?? <span className="muted">No SKU</span>}</td>
      <td className="is-num" data-label="In stock">
        {row.stock}
      </td>
      <td data-label="Labels">
        {row.sku || symbology === 'ean13' ? (
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

/**
 * One label: the SKU as Code 128 or the EAN-13 (an SVG, sharp at any printer's resolution) and
 * what it is; without the code chosen, the label says so instead of bars.
 */
export function Label({
  row,
  price,
  code = labelCode(row, null, 'code128'),
}: {
  row: StockRow;
  price: number | null;
  code?: ReturnType<typeof labelCode>;
}) {
  const svg = useRef<SVGSVGElement>(null);
  const format = 'format' in code ? code.format : null;
  const value = 'value' in code ? code.value : null;
  useEffect(() => {
    if (!format || !value || !svg.current) return;
    const node = svg.current;
    void import('jsbarcode')
      .then(({ default: JsBarcode }) =>
        JsBarcode(node, value, {
          format,
          displayValue: true,
          fontSize: 12,
          height: 40,
          margin: 0,
          // EAN-13 prints its first digit left of the bars.
          marginLeft: format === 'EAN13' ? 10 : 0,
          width: 1.4,
        }),
      )
      // A SKU Code 128 cannot carry, or no canvas to measure the text with: the label keeps its words.
      .catch(() => undefined);
  }, [format, value]);
  return (
    <div className="label">
      <span className="label__name">{row.productName}</span>
      <span className="label__variant">
        {variantName(row)}
        {price !== null ? ` · ${formatNaira(price)}` : ''}
      </span>
      {value ? (
        <svg
          key={`${format}-${value}`}
          ref={svg}
          className="label__code"
          role="img"
          aria-label={`Barcode ${format === 'EAN13' ? 'EAN-13' : 'Code 128'} ${value}`}
        />
      ) : (
        <span className="label__missing">{'missing' in code ? code.missing : ''}</span>
      )}
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
