import { useEffect, useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { invalidateCatalog } from '../api/catalog';
import {
  checkImport,
  importProgress,
  POLL_MS,
  PRODUCTS_CSV_URL,
  startImport,
  type ImportJob,
  type ImportRefused,
  type ImportReport,
} from '../api/productImport';
import { FormNotice, ProgressBar, type Notice } from '../components/AdminPanel';
import { PageBar } from '../components/PageBar';
import { PageShell } from '@/components/PageShell';
import { failureMessage } from '@/lib/api';
import { useCollections } from '@/lib/collectionsQuery';
import './StockPage.css';
import './ImportProductsPage.css';
import { Field } from '@/components/TextField';
import { Select, namedOptions } from '@/components/forms/Select';
import { TableHead } from '@/components/TableHead';
import { RefusedRows } from '../components/RefusedRows';

/** Products listed in a report; the counts above the list cover them all. */
const LISTED = 50;

const ACTION_LABELS = { create: 'New', update: 'Update', unchanged: 'Unchanged' } as const;

/** "Check file", then "Import 12 products" once the check has passed. */
export function importButtonText(report: ImportReport): string {
  const count = report.created + report.updated;
  return `Import ${count === 1 ? '1 product' : `${count} products`}`;
}

/** "Pictures: 12 of 40" while running. */
export function progressText(job: ImportJob): string {
  return job.total > 0 ? `${job.phase}: ${job.done} of ${job.total}` : `${job.phase}…`;
}

function Refusal({ refused }: { refused: ImportRefused }) {
  return (
    <div className="admin-panel import-refused" role="alert">
      <p className="alert alert--error">{refused.message}</p>
      <RefusedRows errors={refused.errors} className="import-refused__rows" />
    </div>
  );
}

/** A report's counts and products; `announced` when its message is already shown above it. */
function Report({ report, announced = false }: { report: ImportReport; announced?: boolean }) {
  const more = report.products.length - LISTED;
  return (
    <section className="import-report" aria-label={report.dryRun ? 'What the import would do' : 'What was imported'}>
      <p className="import-report__summary">
        {!announced && <strong>{report.message} </strong>}
        {report.variants.toLocaleString('en-NG')} variants.
        {report.newPictures > 0 && ` ${report.newPictures} new pictures to fetch and store.`}
      </p>
      {report.newCollections.length > 0 && <p>New collections: {report.newCollections.join(', ')}.</p>}
      {report.skipped.length > 0 && (
        <ul className="import-report__skipped">
          {report.skipped.map((s) => (
            <li key={s.line}>
              Line {s.line}: {s.message}
            </li>
          ))}
        </ul>
      )}
      <div className="import-report__scroll">
        <table className="stock-table import-report__table">
          <TableHead columns={['Line', 'Product', 'Variants', 'Action']} />
          <tbody>
            {report.products.slice(0, LISTED).map((p) => (
              <tr key={p.handle}>
                <td>{p.line}</td>
                <td>
                  {p.name}
                  <span className="import-report__handle">{p.handle}</span>
                </td>
                <td>{p.variants}</td>
                <td>
                  <span className={`import-action import-action--${p.action}`}>{ACTION_LABELS[p.action]}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {more > 0 && <p className="import-report__more">And {more.toLocaleString('en-NG')} more.</p>}
    </section>
  );
}

/**
 * /admin/products/import (owners and managers): download the catalogue as Ankara's products CSV;
 * upload one (or Shopify's product export, or a zip of a CSV and its pictures): checked first, with
 * what would be created, updated and refused, then imported whole with its progress shown.
 */
export default function ImportProductsPage() {
  const client = useQueryClient();
  const { data: collections = [] } = useCollections();
  const ids = { file: useId(), collection: useId(), help: useId() };
  const [file, setFile] = useState<File | null>(null);
  const [collection, setCollection] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [checked, setChecked] = useState<ImportReport | null>(null);
  const [refused, setRefused] = useState<ImportRefused | null>(null);
  const [job, setJob] = useState<ImportJob | null>(null);

  const running = job?.state === 'running';
  useEffect(() => {
    if (!job || job.state !== 'running') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      importProgress(job.id, controller.signal)
        .then((next) => {
          setJob(next);
          if (next.state === 'done') void invalidateCatalog(client);
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted)
            setNotice({ tone: 'error', text: failureMessage(error, 'Could not follow the import.') });
        });
    }, POLL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [job, client]);

  const reset = () => {
    setChecked(null);
    setRefused(null);
    setJob(null);
    setNotice(null);
  };

  const onCheck = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || running) return;
    if (!file) {
      setNotice({ tone: 'error', text: 'Choose a CSV or zip file first.' });
      return;
    }
    reset();
    setBusy(true);
    try {
      const result = await checkImport(file, collection);
      if (result.ok) setChecked(result.report);
      else setRefused(result.refused);
    } catch (error) {
      setNotice({ tone: 'error', text: failureMessage(error, 'Could not check the file.') });
    } finally {
      setBusy(false);
    }
  };

  const onImport = async () => {
    if (!file || busy || running) return;
    setBusy(true);
    setNotice(null);
    try {
      const result = await startImport(file, collection);
      if (result.ok) {
        setChecked(null);
        setJob(result.job);
      } else {
        setChecked(null);
        setRefused(result.refused);
      }
    } catch (error) {
      setNotice({ tone: 'error', text: failureMessage(error, 'Could not start the import.') });
    } finally {
      setBusy(false);
    }
  };

  const percent = job && job.total > 0 ? Math.round((job.done / job.total) * 100) : 0;
  const changes = checked ? checked.created + checked.updated : 0;

  return (
    <PageShell title="Import products" eyebrow="Admin">
      <PageBar state="Bring a catalogue from a spreadsheet or from Shopify.">
        <Link href="/admin/products" className="btn btn--sm btn--outline">
          Back to products
        </Link>
      </PageBar>

      <section className="admin-panel import-panel" aria-labelledby={ids.help}>
        <h2 id={ids.help} className="admin-panel__title">
          Download or upload
        </h2>
        <p>
          Ankara&apos;s products CSV has one row per variant: handle, name, description, collection, category, price,
          compare-at price, featured, size, colour, SKU, stock and pictures. Shopify&apos;s product export works as it
          is. Send a zip of the CSV and its pictures, or name pictures by their web address.
        </p>
        <p>
          <a className="btn btn--outline" href={PRODUCTS_CSV_URL} download="products.csv">
            Download products CSV
          </a>
        </p>

        <form className="import-form" onSubmit={(e) => void onCheck(e)} noValidate aria-label="Check a products file">
          <Field id={ids.file} label="CSV or zip file">
            <input
              id={ids.file}
              className="field__input"
              type="file"
              accept=".csv,.zip,text/csv,application/zip"
              disabled={busy || running}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                reset();
              }}
            />
          </Field>
          <Field id={ids.collection} label="Collection for products whose rows name none">
            <Select
              id={ids.collection}
              value={collection}
              disabled={busy || running}
              onValueChange={(id) => {
                setCollection(id);
                reset();
              }}
              placeholder="None (Shopify tags or the file name the collection)"
              options={namedOptions(collections)}
            />
          </Field>
          <button type="submit" className="btn btn--dark" disabled={busy || running} aria-busy={busy && !checked}>
            {busy && !checked ? 'Checking...' : 'Check file'}
          </button>
        </form>
        <FormNotice notice={notice} />
      </section>

      {refused && <Refusal refused={refused} />}

      {checked && (
        <section className="admin-panel" aria-label="Check passed">
          <Report report={checked} />
          <div className="import-actions">
            <button
              type="button"
              className="btn btn--dark"
              onClick={() => void onImport()}
              disabled={busy || changes === 0}
            >
              {busy ? 'Starting...' : importButtonText(checked)}
            </button>
            {changes === 0 && <span>Nothing to change: the shop already has everything in this file.</span>}
          </div>
        </section>
      )}

      {job && (
        <section className="admin-panel" aria-label="Import">
          {running && <ProgressBar label="Import progress" percent={percent} text={progressText(job)} announce />}
          {job.state === 'done' && job.report && (
            <>
              <p className="alert alert--success" role="status">
                {job.report.message}
              </p>
              <Report report={job.report} announced />
              <Link href="/admin/products" className="btn btn--dark">
                See the products
              </Link>
            </>
          )}
          {job.state === 'failed' && job.refused && <Refusal refused={job.refused} />}
        </section>
      )}
    </PageShell>
  );
}
