import { FormNotice, type Notice } from './AdminPanel';

type SaveBarProps = {
  notice: Notice;
  saving: boolean;
  changed: boolean;
  /** Save only once something changed; "No changes" then stays to say why it is off. */
  onlyWhenChanged?: boolean;
  /** Kept at the foot of the screen while a long form scrolls by. */
  sticky?: boolean;
};

/**
 * The one save bar at the foot of an admin form: the outcome, Save, and whether anything is
 * unsaved (after a save, the success says it and the state is quiet).
 */
export function SaveBar({ notice, saving, changed, onlyWhenChanged = false, sticky = false }: SaveBarProps) {
  const quiet = !onlyWhenChanged && notice?.tone === 'success';
  return (
    <div className={sticky ? 'admin-save admin-save--sticky' : 'admin-save'}>
      <FormNotice notice={notice} />
      <div className="admin-save__bar">
        <button type="submit" className="btn btn--dark" disabled={saving || (onlyWhenChanged && !changed)}>
          {saving ? 'Saving...' : 'Save'}
        </button>
        <span className="admin-save__state">{changed ? 'Unsaved changes' : quiet ? '' : 'No changes'}</span>
      </div>
    </div>
  );
}
