import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import {
  STOCK_CSV_URL,
  useImportStockCsv,
  useSetVariantStock,
  useStock,
  type ImportResult,
  type StockFilter,
  type StockPage as StockList,
  type StockRow,
} from '../api/stock';
import { AdminTag } from '../components/AdminPanel';
import { FilterBar } from '../components/FilterBar';
import { Loaded } from '../components/Loaded';
import { PageBar } from '../components/PageBar';
import { Pager } from '../components/Pager';
import { Message } from '@/components/Message';
import { PageShell } from '@/components/PageShell';
import { CountInput } from '@/components/TextField';
import { failureMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import { may } from '@/lib/staff';
import { describeVariant, parseStock, STOCK_INVALID } from '@/lib/variantGrid';
import '../admin.css';
import './AdminOrders.css';
import './StockPage.css';
import { SearchBox } from '@/components/forms/SearchBox';
import { TableHead } from '@/components/TableHead';
import { RefusedRows } from '../components/RefusedRows';

export const STOCK_SAVED = 'Saved';
export const STOCK_SAVE_FAILED = 'Could not save the stock. Please try again.';
export const CSV_FAILED = 'Could not upload the spreadsheet. Please try again.';
export const CHOOSE_CSV = 'Choose a CSV file first.';
/** The server's limit is on the body; this catches the obvious case before reading the file. */
const MAX_CSV_BYTES = 2_000_000;
export const CSV_TOO_LARGE = 'The file is too large: upload at most 2 MB at a time.';
const SEARCH_DELAY_MS = 300;

const FILTERS: { show: StockFilter; label: string }[] = [
  { show: 'low', label: 'Low' },
  { show: 'sold-out', label: 'Sold out' },
  { show: 'all', label: 'All' },
];

function parseFilter(value: string | null): StockFilter {
  return value === 'sold-out' || value === 'all' ? value : 'low';
}

/**
 * /admin/stock (staff): the variants that are low or sold out (or all), fewest first, found by
 * product name or SKU; each count is edited where it stands, and the whole shop's stock goes out
 * and comes back as a spreadsheet (CSV) — for the roles that may change stock. A packer looks
 * (to pick): counts without Save, and no spreadsheet.
 */
export default function StockPage() {
  const { user } = useSession();
  const edits = may(user, 'PATCH /api/admin/variants/{id}');
  const spreadsheet = may(user, 'GET /api/admin/stock.csv');
  const show = parseFilter(new URLSearchParams(useSearch()).get('show'));
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  // A new filter or search starts again at the first page.
  const [pageState, setPage] = useState({ show, q, page: 1 });
  const page = pageState.show === show && pageState.q === q ? pageState.page : 1;
  const goTo = (next: number) => setPage({ show, q, page: next });
  const stock = useStock(show, q, page);
  const data = stock.data;

  return (
    <PageShell title="Stock" eyebrow="Admin">
      <PageBar
        state={
          data
            ? `${data.lowCount} low (at or below ${data.lowStockLevel} left), ${data.soldOutCount} sold out.`
            : 'What can still be sold, per size and colour.'
        }
        refresh={stock}
      />

      {/* Download and Upload first: a long list never pushes them out of reach. */}
      {spreadsheet && <StockSpreadsheet />}

      <FilterBar
        label="Filter stock"
        filters={FILTERS.map((f) => ({
          key: f.show,
          label: f.label,
          href: f.show === 'low' ? '/admin/stock' : `/admin/stock?show=${f.show}`,
          current: f.show === show,
          count: !data
            ? null
            : f.show === 'low'
              ? data.lowCount
              : f.show === 'sold-out'
                ? data.soldOutCount
                : undefined,
        }))}
      />

      <form
        className="stock-search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(typed);
        }}
      >
        <SearchBox
          label="Search products or SKUs"
          value={typed}
          onValueChange={setTyped}
          placeholder="e.g. Oxford or BRG-42"
          enterKeyHint="search"
        />
      </form>

      <Loaded
        query={stock}
        loading="Loading stock…"
        empty={(list) => list.rows.length === 0 && <Message title={emptyTitle(show, q)} />}
      >
        {(list) => (
          <>
            <StockTable list={list} busy={stock.isPlaceholderData} edits={edits} />
            <Pager
              page={list.page}
              pageSize={list.pageSize}
              total={list.total}
              label="Stock pages"
              onPage={goTo}
              busy={stock.isFetching}
              range
            />
          </>
        )}
      </Loaded>
    </PageShell>
  );
}

function emptyTitle(show: StockFilter, q: string): string {
  if (q.trim()) return `Nothing matches “${q.trim()}”.`;
  if (show === 'low') return 'Nothing is low on stock.';
  if (show === 'sold-out') return 'Nothing is sold out.';
  return 'No products yet.';
}

function StockTable({ list, busy, edits }: { list: StockList; busy: boolean; edits: boolean }) {
  return (
    <div aria-busy={busy}>
      <table className="stock-table">
        <caption className="visually-hidden">Stock by variant, fewest left first</caption>
        <TableHead columns={['Product', 'Size', 'Colour', 'SKU', 'Reserved', 'Waiting', 'Stock']} />
        <tbody>
          {list.rows.map((row) => (
            <StockLine key={row.variantId} row={row} level={list.lowStockLevel} edits={edits} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

type Feedback = { tone: 'success' | 'error'; text: string } | null;

/** One variant's row; its count is a form with Save for those who may change stock, else a number. */
function StockLine({ row, level, edits }: { row: StockRow; level: number; edits: boolean }) {
  const save = useSetVariantStock();
  const [value, setValue] = useState(String(row.stock));
  const [feedback, setFeedback] = useState<Feedback>(null);
  // A count saved (or refreshed) elsewhere shows here unless the admin is typing a new one.
  const shown = useRef(row.stock);
  useEffect(() => {
    if (shown.current !== row.stock) {
      shown.current = row.stock;
      setValue(String(row.stock));
    }
  }, [row.stock]);
  const inputId = useId();
  const feedbackId = useId();
  const name = `${row.productName} (${describeVariant(row.size, row.color)})`;
  const changed = value.trim() !== String(row.stock);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const stock = parseStock(value);
    if (stock === null) {
      setFeedback({ tone: 'error', text: STOCK_INVALID });
      return;
    }
    setFeedback(null);
    save.mutate(
      { variantId: row.variantId, stock },
      {
        onSuccess: (saved) => {
          shown.current = saved.stock;
          setValue(String(saved.stock));
          setFeedback({ tone: 'success', text: STOCK_SAVED });
        },
        onError: (e) => setFeedback({ tone: 'error', text: failureMessage(e, STOCK_SAVE_FAILED) }),
      },
    );
  };

  const state = row.stock === 0 ? 'out' : row.stock <= level ? 'low' : null;
  return (
    <tr className={`stock-row${state ? ` stock-row--${state}` : ''}`}>
      <th scope="row" className="stock-row__product">
        <Link href={`/product/${encodeURIComponent(row.productId)}`}>{row.productName}</Link>
        {state && (
          <span className={`admin-badge stock-badge stock-badge--${state}`}>
            {state === 'out' ? 'Sold out' : 'Low'}
          </span>
        )}
      </th>
      <td className="stock-row__option" data-label="Size">
        {row.size ?? '—'}
      </td>
      <td className="stock-row__option" data-label="Colour">
        {row.color ?? '—'}
      </td>
      <td className="stock-row__sku" data-label="SKU">
        {row.sku ?? '—'}
      </td>
      <td className="stock-row__reserved" data-label="Reserved">
        {row.reserved}
      </td>
      <td className="stock-row__waiting" data-label="Waiting">
        <span aria-label={`${row.waiting} waiting for an e-mail when it is back`}>{row.waiting}</span>
      </td>
      <td className="stock-row__edit">
        {!edits ? (
          <span className="stock-row__count" data-label="Stock">
            {row.stock}
          </span>
        ) : (
          <form className="stock-edit" onSubmit={onSubmit} noValidate>
            <label htmlFor={inputId} className="stock-edit__label">
              Stock
            </label>
            <CountInput
              id={inputId}
              className="stock-edit__input"
              count="stock"
              value={value}
              onValueChange={(typed) => {
                setValue(typed);
                setFeedback(null);
              }}
              aria-label={`Stock of ${name}`}
              aria-invalid={feedback?.tone === 'error' ? true : undefined}
              aria-describedby={feedback ? feedbackId : undefined}
              disabled={save.isPending}
            />
            <button
              type="submit"
              className={`btn btn--sm stock-edit__save ${changed ? 'btn--dark' : 'btn--outline'}`}
              disabled={save.isPending || !changed}
            >
              {save.isPending ? 'Saving...' : 'Save'}
            </button>
            <span
              id={feedbackId}
              className={`stock-edit__feedback${feedback ? ` is-${feedback.tone}` : ''}`}
              role={feedback?.tone === 'error' ? 'alert' : 'status'}
            >
              {feedback?.text}
            </span>
          </form>
        )}
      </td>
    </tr>
  );
}

/** A file's text (FileReader: `Blob.text()` is missing from older phones' browsers). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file);
  });
}

/** Download the whole shop's stock as CSV; upload it back, applied only if every row is good. */
function StockSpreadsheet() {
  const upload = useImportStockCsv();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const fileId = useId();
  const hintId = useId();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (upload.isPending) return;
    setResult(null);
    if (!file) return setProblem(CHOOSE_CSV);
    if (file.size > MAX_CSV_BYTES) return setProblem(CSV_TOO_LARGE);
    setProblem(null);
    let text: string;
    try {
      text = await readText(file);
    } catch {
      return setProblem(CSV_FAILED);
    }
    upload.mutate(text, {
      onSuccess: (answer) => {
        setResult(answer);
        if (answer.ok) {
          setFile(null);
          if (input.current) input.current.value = '';
        }
      },
      onError: (e) => setProblem(failureMessage(e, CSV_FAILED)),
    });
  };

  const refused = result && !result.ok ? result.refused : null;
  return (
    <section className="admin-panel stock-sheet" aria-labelledby={headingId}>
      <header className="admin-panel__head">
        <AdminTag />
        <h2 id={headingId} className="admin-panel__title">
          Spreadsheet
        </h2>
      </header>
      {/* Kept short at the top of the screen; the details open on demand. */}
      <details className="stock-sheet__about">
        <summary>Every variant as CSV: change the stock or SKU, upload it back</summary>
        <p>
          The columns are product_id, product_name, collection, size, colour, sku and stock; the header is line 1. The
          product name and collection are there to read: the upload ignores them. A file with any bad row changes
          nothing: the rows to fix are listed by line.
        </p>
      </details>
      <form className="stock-sheet__upload" onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Upload CSV">
        <label htmlFor={fileId} className="field__label">
          CSV file
        </label>
        <input
          ref={input}
          id={fileId}
          className="admin-file"
          type="file"
          accept=".csv,text/csv"
          aria-describedby={hintId}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setProblem(null);
            setResult(null);
          }}
        />
        <p id={hintId} className="visually-hidden">
          The columns of the download; the header is line 1.
        </p>
        <div role="alert">
          {(problem || refused) && (
            <div className="alert alert--error stock-sheet__refused">
              <p>{problem ?? refused?.message}</p>
              {refused && <RefusedRows errors={refused.errors} label="Rows to fix" />}
            </div>
          )}
        </div>
        <div role="status">
          {result?.ok && <p className="alert alert--success stock-sheet__done">{result.imported.message}</p>}
        </div>
        <div className="admin-form__actions">
          <button type="submit" className="btn btn--dark" disabled={upload.isPending}>
            {upload.isPending ? 'Uploading...' : 'Upload CSV'}
          </button>
          <a className="btn btn--outline" href={STOCK_CSV_URL} download="stock.csv">
            Download CSV
          </a>
        </div>
      </form>
    </section>
  );
}
