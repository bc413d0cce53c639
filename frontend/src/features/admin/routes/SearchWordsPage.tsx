import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useSaveSearchWords, useSearchWords } from '../api/search-words';
import { type Notice } from '../components/AdminPanel';
import { SaveBar } from '../components/SaveBar';
import { ADMIN_FIELD } from '../components/Fields';
import { Loaded } from '../components/Loaded';
import { PageBar } from '../components/PageBar';
import { draftOf, emptyGroup, groupsProblem, inputOf, type GroupDraft } from '../lib/searchWords';
import { PageShell } from '@/components/PageShell';
import { TextField } from '@/components/TextField';
import { failureMessage } from '@/lib/api';
import type { SynonymList } from '@/lib/types';
import '../admin.css';
import './AdminOrders.css';
import './SearchWordsPage.css';

export const SEARCH_WORDS_SAVED = 'Saved. Search uses these words now.';
export const SEARCH_WORDS_SAVE_FAILED = 'Could not save the search words. Please try again.';

/**
 * /admin/search (admins only): the shop's search words, groups of words and phrases that mean the
 * same to shoppers ("trainers, sneakers, kicks"). A search for any word of a group also finds
 * what the others find; the groups are edited together and saved at once.
 */
export default function SearchWordsPage() {
  const words = useSearchWords();
  return (
    <PageShell title="Search words" eyebrow="Admin">
      <PageBar state="Words shoppers use for the same thing." />
      <Loaded query={words} loading="Loading search words…">
        {(data) => <SearchWordsEditor list={data} />}
      </Loaded>
    </PageShell>
  );
}

function SearchWordsEditor({ list }: { list: SynonymList }) {
  const save = useSaveSearchWords();
  const [saved, setSaved] = useState(list);
  const [rows, setRows] = useState<GroupDraft[]>(() => draftOf(list));
  const [notice, setNotice] = useState<Notice>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const hintId = useId();

  const changed = useMemo(() => JSON.stringify(inputOf(rows)) !== JSON.stringify(saved), [rows, saved]);

  const edit = (next: GroupDraft[]) => {
    setRows(next);
    if (notice) setNotice(null);
  };
  const addGroup = () => {
    const group = emptyGroup();
    edit([...rows, group]);
    setFocusKey(group.key);
  };
  const removeGroup = (key: string) => {
    edit(rows.filter((row) => row.key !== key));
    addButton.current?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const problem = groupsProblem(rows);
    if (problem) return setNotice({ tone: 'error', text: problem });
    setNotice(null);
    save.mutate(inputOf(rows), {
      onSuccess: (answer) => {
        setSaved(answer);
        setRows(draftOf(answer));
        setNotice({ tone: 'success', text: SEARCH_WORDS_SAVED });
      },
      onError: (e) => setNotice({ tone: 'error', text: failureMessage(e, SEARCH_WORDS_SAVE_FAILED) }),
    });
  };

  return (
    <form className="search-words" onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <div>
        <h2 id={headingId} className="search-words__title">
          Groups
        </h2>
        <p id={hintId} className="muted search-words__lead">
          Put words that mean the same in one group, separated by commas, such as “trainers, sneakers, kicks”. A search
          for any of them also finds what the others find. Plurals and other forms of a word are found anyway.
        </p>
      </div>
      {rows.length === 0 ? (
        <p className="alert alert--warning">No groups: search finds only the words shoppers type.</p>
      ) : (
        <ol className="search-words__groups">
          {rows.map((row, index) => (
            <GroupRow
              key={row.key}
              row={row}
              number={index + 1}
              focus={focusKey === row.key}
              onChange={(text) => edit(rows.map((r) => (r.key === row.key ? { ...r, text } : r)))}
              onRemove={() => removeGroup(row.key)}
            />
          ))}
        </ol>
      )}
      <div>
        <button ref={addButton} type="button" className="btn btn--outline" onClick={addGroup}>
          + Add group
        </button>
      </div>

      <SaveBar notice={notice} saving={save.isPending} changed={changed} sticky />
    </form>
  );
}

type GroupRowProps = {
  row: GroupDraft;
  number: number;
  focus: boolean;
  onChange: (text: string) => void;
  onRemove: () => void;
};

function GroupRow({ row, number, focus, onChange, onRemove }: GroupRowProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focus) inputRef.current?.focus();
  }, [focus]);
  return (
    <li className="search-words__group">
      <TextField
        className={ADMIN_FIELD}
        label={`Group ${number}`}
        value={row.text}
        onValueChange={onChange}
        inputRef={inputRef}
        placeholder="e.g. trainers, sneakers, kicks"
        maxLength={600}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
      />
      <button
        type="button"
        className="btn btn--sm btn--outline search-words__remove"
        onClick={onRemove}
        aria-label={`Remove group ${number}`}
      >
        Remove
      </button>
    </li>
  );
}
