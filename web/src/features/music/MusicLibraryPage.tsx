import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Pagination,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import {
  IconDownload,
  IconFileImport,
  IconFileMusic,
  IconHeadphones,
  IconPencil,
  IconPlus,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useChoir } from '../../app/choir';
import { ERROR_CONTEXT_MESSAGES, handleError } from '../../app/errors';
import { notify } from '../../app/notify';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorAlert, RetryAlert } from '../../components/ErrorAlert';
import { NoChoirSelected } from '../../components/NoChoirSelected';
import { PageHeader } from '../../components/PageHeader';
import { SectionLoading } from '../../components/SectionState';
import {
  fetchMusicPiece,
  MUSIC_PAGE_SIZE,
  musicExportUrl,
  musicKeys,
  useBulkDeleteMusic,
  useBulkTagMusic,
  useLoadFamousComposers,
  useMusicList,
  useMusicStorage,
  useTags,
  type BulkResult,
  type MusicPiece,
  type MusicSummary,
  type Tag,
} from './api';
import { formatBytes } from './attachments';
import { filtersToSearch, isFiltered, NO_FILTERS, parseFilters, toListParams, type LibraryFilters } from './filters';
import { ImportMusicModal } from './ImportMusicModal';
import { ManageTagsModal } from './ManageTagsModal';
import { MusicFilters } from './MusicFilters';
import { MusicFormModal } from './MusicFormModal';
import { MOBILE_QUERY } from '../../components/phone';

/** Where the list-or-cards choice is remembered in this browser. */
export const VIEW_STORAGE_KEY = 'cantica-music-view';

type View = 'list' | 'cards';

/**
 * MusicLibraryPage (/dashboard/music) is the choir's library: searched,
 * filtered and sorted on the server, a page of 50 at a time, as a list or
 * as cards. People who may edit music (edit:music) also add, import,
 * tag and delete pieces; everyone else reads.
 */
export function MusicLibraryPage() {
  const { currentChoir, can, loading } = useChoir();
  const choirId = loading ? null : (currentChoir?.id ?? null);
  const canEdit = can('edit:music');
  const [dialog, setDialog] = useState<'add' | 'edit' | 'import' | 'tags' | null>(null);
  const [editing, setEditing] = useState<MusicPiece | undefined>(undefined);
  const [fetchingId, setFetchingId] = useState<string | null>(null);
  const queryClient = useQueryClient();

  // Navigating to the library while the form is open closes it, asking first
  // when it has unsaved changes (calendar §2).
  const location = useLocation();
  const [closeRequest, setCloseRequest] = useState(0);
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const formOpen = dialog === 'add' || dialog === 'edit';
  if (formOpen && openedAt !== location.key) {
    setOpenedAt(location.key);
    setCloseRequest((n) => n + 1);
  }
  const openForm = () => {
    setOpenedAt(location.key);
    setEditing(undefined);
    setDialog('add');
  };
  // The form edits the whole piece, which the list only summarises.
  async function openEdit(id: string) {
    if (!choirId || fetchingId) return;
    setFetchingId(id);
    try {
      const piece = await queryClient.fetchQuery({
        queryKey: musicKeys.piece(choirId, id),
        queryFn: () => fetchMusicPiece(choirId, id),
      });
      setOpenedAt(location.key);
      setEditing(piece);
      setDialog('edit');
    } catch (err) {
      handleError(err, ERROR_CONTEXT_MESSAGES.music.load);
    } finally {
      setFetchingId(null);
    }
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title="Music Library"
        actions={
          choirId &&
          canEdit && (
            <Group gap="xs">
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={openForm}>
                Add music
              </Button>
              <Button variant="default" leftSection={<IconFileImport size={16} aria-hidden />} onClick={() => setDialog('import')}>
                Import CSV
              </Button>
              {/* A plain download link: the browser sends the session cookie and saves the file. */}
              <Button
                component="a"
                href={musicExportUrl(choirId)}
                download
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
              >
                Export CSV
              </Button>
              <Button variant="default" onClick={() => setDialog('tags')}>
                Manage tags
              </Button>
              <LoadFamousComposers choirId={choirId} />
            </Group>
          )
        }
      />
      {choirId && canEdit && <StorageUsed choirId={choirId} />}
      {loading ? (
        <SectionLoading label="Loading music" />
      ) : !choirId ? (
        <NoChoirSelected />
      ) : (
        <Library
          key={choirId}
          choirId={choirId}
          canEdit={canEdit}
          onAdd={openForm}
          onEdit={(id) => void openEdit(id)}
          fetchingId={fetchingId}
          onImport={() => setDialog('import')}
        />
      )}
      {choirId && canEdit && (
        <>
          <MusicFormModal
            opened={formOpen}
            piece={dialog === 'edit' ? editing : undefined}
            onClose={() => setDialog(null)}
            closeRequest={closeRequest}
          />
          <ImportMusicModal choirId={choirId} opened={dialog === 'import'} onClose={() => setDialog(null)} />
          <ManageTagsModal choirId={choirId} opened={dialog === 'tags'} onClose={() => setDialog(null)} />
        </>
      )}
    </Stack>
  );
}

/**
 * StorageUsed tells editors how much the choir's files take, and of how
 * much when the choir's plan sets a limit (none does while billing is off).
 */
function StorageUsed({ choirId }: { choirId: string }) {
  const storage = useMusicStorage(choirId).data;
  if (!storage) return null;
  const limit = storage.limitBytes === undefined ? '' : ` of ${formatBytes(storage.limitBytes)}`;
  return (
    <Text size="sm" c="dimmed">
      Storage used: {formatBytes(storage.usedBytes)}
      {limit}
    </Text>
  );
}

interface LibraryProps {
  choirId: string;
  canEdit: boolean;
  onAdd: () => void;
  onEdit: (id: string) => void;
  /** The piece being read for the edit form. */
  fetchingId: string | null;
  onImport: () => void;
}

function Library({ choirId, canEdit, onAdd, onEdit, fetchingId, onImport }: LibraryProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = parseFilters(searchParams);
  const list = useMusicList(choirId, toListParams(filters));
  // Until the person chooses, a phone gets cards: a table would scroll sideways.
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [chosenView, setView] = useLocalStorage<View | undefined>({
    key: VIEW_STORAGE_KEY,
    defaultValue: undefined,
    getInitialValueInEffect: false,
  });
  const view: View = chosenView ?? (isMobile ? 'cards' : 'list');
  const [selected, setSelected] = useState<string[]>([]);

  function changeFilters(next: LibraryFilters, options?: { replace?: boolean }) {
    setSearchParams(filtersToSearch(next), options);
    setSelected([]);
  }

  const page = list.data;
  const shown = { items: page?.items ?? [], canEdit, selected, onSelect: setSelected, onEdit, fetchingId };
  const pages = page ? Math.max(1, Math.ceil(page.total / MUSIC_PAGE_SIZE)) : 1;

  return (
    <Stack gap="md">
      <MusicFilters choirId={choirId} filters={filters} onChange={changeFilters} />
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" role="status">
          {page ? `${page.total} ${page.total === 1 ? 'piece' : 'pieces'}` : ''}
        </Text>
        <SegmentedControl
          aria-label="View"
          value={view}
          onChange={(v) => setView(v as View)}
          data={[
            { value: 'list', label: 'List' },
            { value: 'cards', label: 'Cards' },
          ]}
        />
      </Group>
      {canEdit && selected.length > 0 && (
        <BulkBar choirId={choirId} selected={selected} onDone={setSelected} />
      )}
      {list.isPending ? (
        <SectionLoading label="Loading music" />
      ) : list.isError ? (
        <RetryAlert onRetry={() => void list.refetch()}>{ERROR_CONTEXT_MESSAGES.music.load}</RetryAlert>
      ) : page && page.items.length === 0 ? (
        <EmptyLibrary
          filtered={isFiltered(filters)}
          canEdit={canEdit}
          onAdd={onAdd}
          onImport={onImport}
          onClear={() => changeFilters({ ...NO_FILTERS, sort: filters.sort, order: filters.order })}
        />
      ) : page ? (
        <>
          {view === 'cards' ? <MusicCards {...shown} /> : <MusicTable {...shown} />}
          {pages > 1 && (
            <Pagination
              total={pages}
              value={Math.min(filters.page, pages)}
              onChange={(p) => changeFilters({ ...filters, page: p })}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
            />
          )}
        </>
      ) : null}
    </Stack>
  );
}

interface SelectionProps {
  items: MusicSummary[];
  canEdit: boolean;
  selected: string[];
  onSelect: (ids: string[]) => void;
  onEdit: (id: string) => void;
  fetchingId: string | null;
}

type EditButtonProps = { piece: MusicSummary } & Pick<SelectionProps, 'onEdit' | 'fetchingId'>;

function EditButton({ piece, onEdit, fetchingId }: EditButtonProps) {
  return (
    <ActionIcon
      variant="subtle"
      aria-label={`Edit ${piece.title}`}
      loading={fetchingId === piece.id}
      onClick={() => onEdit(piece.id)}
    >
      <IconPencil size={18} aria-hidden />
    </ActionIcon>
  );
}

function toggle(selected: string[], id: string, on: boolean): string[] {
  return on ? [...selected, id] : selected.filter((s) => s !== id);
}

function MusicTable({ items, canEdit, selected, onSelect, onEdit, fetchingId }: SelectionProps) {
  const allOnPage = items.every((m) => selected.includes(m.id));
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label="Music" verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {canEdit && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select every piece on this page"
                  checked={allOnPage}
                  indeterminate={!allOnPage && items.some((m) => selected.includes(m.id))}
                  onChange={(e) => onSelect(e.currentTarget.checked ? items.map((m) => m.id) : [])}
                />
              </Table.Th>
            )}
            <Table.Th>Title</Table.Th>
            <Table.Th>Composer</Table.Th>
            <Table.Th>Number</Table.Th>
            <Table.Th>Voicing</Table.Th>
            <Table.Th>Tags</Table.Th>
            <Table.Th>
              <VisuallyHidden>Files</VisuallyHidden>
            </Table.Th>
            {canEdit && (
              <Table.Th w={48}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((m) => (
            <Table.Tr key={m.id}>
              {canEdit && (
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${m.title}`}
                    checked={selected.includes(m.id)}
                    onChange={(e) => onSelect(toggle(selected, m.id, e.currentTarget.checked))}
                  />
                </Table.Td>
              )}
              <Table.Td>
                <Anchor component={Link} to={`/dashboard/music/${m.id}`} fw={600}>
                  {m.title}
                </Anchor>
                {m.subtitle && (
                  <Text size="xs" c="dimmed">
                    {m.subtitle}
                  </Text>
                )}
                {m.isArchived && (
                  <Badge size="xs" variant="outline" color="gray.7" ml={6}>
                    Archived
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{m.composer}</Table.Td>
              <Table.Td>{m.number}</Table.Td>
              <Table.Td>{m.primaryVoicing}</Table.Td>
              <Table.Td>
                <TagList tags={m.tags} />
              </Table.Td>
              <Table.Td>
                <FileIndicators piece={m} />
              </Table.Td>
              {canEdit && (
                <Table.Td>
                  <EditButton piece={m} onEdit={onEdit} fetchingId={fetchingId} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function MusicCards({ items, canEdit, selected, onSelect, onEdit, fetchingId }: SelectionProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0 }} aria-label="Music">
      {items.map((m) => (
        <Card key={m.id} withBorder padding="md" component="li">
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Anchor component={Link} to={`/dashboard/music/${m.id}`} fw={600}>
                {m.title}
              </Anchor>
              {canEdit && (
                <Group gap={4} wrap="nowrap">
                  <EditButton piece={m} onEdit={onEdit} fetchingId={fetchingId} />
                  <Checkbox
                    aria-label={`Select ${m.title}`}
                    checked={selected.includes(m.id)}
                    onChange={(e) => onSelect(toggle(selected, m.id, e.currentTarget.checked))}
                  />
                </Group>
              )}
            </Group>
            {m.subtitle && (
              <Text size="sm" c="dimmed">
                {m.subtitle}
              </Text>
            )}
            {m.composer && <Text size="sm">{m.composer}</Text>}
            <Group gap="xs">
              {m.number && <Text size="sm">No. {m.number}</Text>}
              {m.primaryVoicing && <Badge variant="light">{m.primaryVoicing}</Badge>}
              {m.isArchived && (
                <Badge variant="outline" color="gray.7">
                  Archived
                </Badge>
              )}
              <FileIndicators piece={m} />
            </Group>
            <TagList tags={m.tags} />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function TagList({ tags }: { tags: Tag[] }) {
  if (tags.length === 0) return null;
  return (
    <Group gap={4}>
      {tags.map((t) => (
        <Badge key={t.id} variant="dot" color={t.color || undefined} styles={{ root: { textTransform: 'none' } }}>
          {t.name}
        </Badge>
      ))}
    </Group>
  );
}

function FileIndicators({ piece }: { piece: MusicSummary }) {
  return (
    <Group gap={4} wrap="nowrap">
      {piece.hasScore && (
        <span title="Score">
          <IconFileMusic size={18} aria-hidden />
          <VisuallyHidden>Score</VisuallyHidden>
        </span>
      )}
      {piece.hasAudio && (
        <span title="Recording">
          <IconHeadphones size={18} aria-hidden />
          <VisuallyHidden>Recording</VisuallyHidden>
        </span>
      )}
    </Group>
  );
}

interface EmptyLibraryProps {
  filtered: boolean;
  canEdit: boolean;
  onAdd: () => void;
  onImport: () => void;
  onClear: () => void;
}

function EmptyLibrary({ filtered, canEdit, onAdd, onImport, onClear }: EmptyLibraryProps) {
  if (filtered) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text>No music matches these filters.</Text>
        <Button variant="default" onClick={onClear}>
          Clear filters
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="xs" align="flex-start">
      <Text>Your music library is empty.</Text>
      {canEdit && (
        <>
          <Text size="sm" c="dimmed">
            Add your first piece, or bring your whole library in from a CSV file.
          </Text>
          <Group gap="xs">
            <Button onClick={onAdd}>Add your first piece</Button>
            <Button variant="default" onClick={onImport}>
              Import from CSV
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

/** BulkBar acts on the selected pieces; onDone gets what stays selected (those that failed). */
function BulkBar({ choirId, selected, onDone }: { choirId: string; selected: string[]; onDone: (remaining: string[]) => void }) {
  const [dialog, setDialog] = useState<'tag' | 'delete' | null>(null);
  const [failed, setFailed] = useState<BulkResult['failed']>([]);
  const bulkDelete = useBulkDeleteMusic(choirId);
  const count = `${selected.length} ${selected.length === 1 ? 'piece' : 'pieces'}`;

  async function remove() {
    try {
      await bulkDelete.submit(selected, {
        onSuccess: (result) => {
          setFailed(result.failed);
          setDialog(null);
          onDone(result.failed.map((f) => f.id));
        },
      });
    } catch {
      setDialog(null);
    }
  }

  return (
    <Stack gap="xs">
      <Group gap="sm" role="region" aria-label="Selected pieces">
        <Text size="sm" fw={600}>
          {count} selected
        </Text>
        <Button size="xs" variant="default" onClick={() => setDialog('tag')}>
          Add tags
        </Button>
        <Button size="xs" color="red.9" variant="outline" onClick={() => setDialog('delete')}>
          Delete
        </Button>
        <Button size="xs" variant="subtle" onClick={() => onDone([])}>
          Clear selection
        </Button>
      </Group>
      {failed.length > 0 && (
        <ErrorAlert role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={() => setFailed([])}>
          {failed.length} could not be deleted: {failed.map((f) => f.message).join('; ')}
        </ErrorAlert>
      )}
      <ConfirmModal
        opened={dialog === 'delete'}
        title="Delete music"
        confirmLabel={`Delete ${count}`}
        busy={bulkDelete.submitting}
        onConfirm={() => void remove()}
        onClose={() => setDialog(null)}
      >
        Delete {count} with their scores and recordings? This cannot be undone.
      </ConfirmModal>
      <BulkTagModal
        choirId={choirId}
        ids={selected}
        opened={dialog === 'tag'}
        onClose={() => setDialog(null)}
        onDone={() => {
          setDialog(null);
          onDone([]);
        }}
      />
    </Stack>
  );
}

interface BulkTagModalProps {
  choirId: string;
  ids: string[];
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}

function BulkTagModal({ choirId, ids, opened, onClose, onDone }: BulkTagModalProps) {
  const tags = useTags(choirId);
  const bulkTag = useBulkTagMusic(choirId);
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  async function apply() {
    if (tagIds.length === 0) {
      setError('Choose at least one tag');
      return;
    }
    try {
      await bulkTag.submit({ ids, tagIds }, { onSuccess: onDone });
    } catch {
      // The toast has said why.
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Add tags" centered>
      <Stack gap="md">
        <MultiSelect
          label="Tags to add"
          data={(tags.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
          value={tagIds}
          onChange={(next) => {
            setTagIds(next);
            setError(null);
          }}
          searchable
          error={error}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={bulkTag.submitting}>
            Cancel
          </Button>
          <Button onClick={() => void apply()} loading={bulkTag.submitting}>
            Add tags
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * LoadFamousComposers adds the built-in list of famous composers to the
 * choir, so that names typed later are recognised; those it has are kept.
 */
function LoadFamousComposers({ choirId }: { choirId: string }) {
  const load = useLoadFamousComposers(choirId);
  async function run() {
    try {
      await load.submit(undefined, {
        onSuccess: ({ added, skipped }) =>
          notify.success(
            `${added} famous ${added === 1 ? 'composer' : 'composers'} added; ${skipped} ${skipped === 1 ? 'was' : 'were'} already in your library.`,
          ),
      });
    } catch {
      // The toast has said why.
    }
  }
  return (
    <Button variant="default" onClick={() => void run()} loading={load.submitting}>
      Add famous composers
    </Button>
  );
}
