import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconArrowLeft, IconEdit, IconHeadphones, IconMail, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { HttpError } from '../../api/client';
import { useChoir } from '../../app/choir';
import { ERROR_CONTEXT_MESSAGES } from '../../app/errors';
import { ConfirmModal } from '../../components/ConfirmModal';
import { EmailChoirModal } from '../../components/EmailChoirModal';
import { RetryAlert } from '../../components/ErrorAlert';
import { formatDate } from '../../components/format';
import { LeaveQuestion } from '../../components/LeaveQuestion';
import { NoChoirSelected } from '../../components/NoChoirSelected';
import { useLeaveQuestion } from '../../components/useLeaveQuestion';
import { PageHeader } from '../../components/PageHeader';
import { SungForSection } from '../planning';
import { AttachmentList } from './AttachmentList';
import { AttachmentUploader } from './AttachmentUploader';
import { composerLifetime, difficultyLabel, formatDuration, formatTransposition } from './format';
import { useArchiveMusic, useDeleteMusic, useMusicPiece, useRestoreMusic, type MusicPiece } from './api';
import { MusicFormModal } from './MusicFormModal';
import { OfflineMusic } from './offline/OfflineMusic';
import { canPractise } from './practice/files';
import { PieceHistory } from './practice/PieceHistory';
import { PiecePracticeSection } from './practice/PiecePracticeSection';

// The studio is its own chunk, with pdf.js and the audio loaded later still.
const PracticeStudio = lazy(() => import('./practice/PracticeStudio').then((m) => ({ default: m.PracticeStudio })));

export const LIBRARY_PATH = '/dashboard/music';

/** The leave question of calendar §2 for the piece page. */
export const LEAVE_QUESTION =
  'You have unsaved changes to this music piece. Are you sure you want to leave? Your changes will be lost.';

/**
 * MusicPiecePage (/dashboard/music/:id) shows one piece: every field it
 * has, its tags, voicings, composer and files, with a player for each
 * recording. Editors (edit:music) also edit, archive or restore, delete and
 * upload; everyone else reads, plays and downloads. With ?practice=true
 * the page is the practice studio instead.
 */
export function MusicPiecePage() {
  const { id = '' } = useParams();
  const { currentChoir, loading } = useChoir();
  if (loading) return <PieceSkeleton />;
  if (!currentChoir) return <NoChoirSelected />;
  // Keyed by choir and piece: nothing of one piece's state carries over to another.
  return <PieceView key={`${currentChoir.id}/${id}`} choirId={currentChoir.id} musicId={id} />;
}

function PieceView({ choirId, musicId }: { choirId: string; musicId: string }) {
  const { can } = useChoir();
  const canEdit = can('edit:music');
  const piece = useMusicPiece(choirId, musicId);
  const [search] = useSearchParams();

  if (piece.isPending) return <PieceSkeleton />;
  if (piece.isError) {
    if (piece.error instanceof HttpError && piece.error.status === 404) return <PieceNotFound />;
    return (
      <Stack gap="lg">
        <BackLink />
        <RetryAlert onRetry={() => void piece.refetch()}>{ERROR_CONTEXT_MESSAGES.music.load}</RetryAlert>
      </Stack>
    );
  }
  if (search.get('practice') === 'true') {
    return (
      <Suspense fallback={<PieceSkeleton />}>
        <PracticeStudio choirId={choirId} piece={piece.data} />
      </Suspense>
    );
  }
  return <PieceDetails choirId={choirId} piece={piece.data} canEdit={canEdit} />;
}

function BackLink() {
  return (
    <Anchor component={Link} to={LIBRARY_PATH} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        Music library
      </Group>
    </Anchor>
  );
}

/** PieceSkeleton is the page's shape while it loads (§2): header, details, files. */
export function PieceSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-label="Loading music piece" aria-busy>
      <Skeleton h={14} w={120} />
      <Skeleton h={34} w="50%" />
      <Skeleton h={18} w="35%" />
      <Paper withBorder p="md">
        <Stack gap="sm">
          {[70, 55, 80, 45, 60].map((w) => (
            <Skeleton key={w} h={16} w={`${w}%`} />
          ))}
        </Stack>
      </Paper>
      <Skeleton h={24} w={100} />
      <Skeleton h={72} />
      <Skeleton h={72} />
    </Stack>
  );
}

function PieceNotFound() {
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1}>Music piece not found</Title>
      <Text>This piece is not in your choir&apos;s library. It may have been deleted.</Text>
      <Button component={Link} to={LIBRARY_PATH} leftSection={<IconArrowLeft size={16} aria-hidden />}>
        Back to the music library
      </Button>
    </Stack>
  );
}

function PieceDetails({ choirId, piece, canEdit }: { choirId: string; piece: MusicPiece; canEdit: boolean }) {
  const navigate = useNavigate();
  const { can } = useChoir();
  const archive = useArchiveMusic(choirId);
  const restore = useRestoreMusic(choirId);
  const remove = useDeleteMusic(choirId);
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [emailing, setEmailing] = useState(false);
  const [dirty, setDirty] = useState(false);
  // An archived piece is not sent to the choir (the server refuses it).
  const canEmail = can('manage:communications') && !piece.isArchived;
  const leaving = useLeaveQuestion(dirty);

  const practise = canPractise(piece.attachments) && (
    <Button component={Link} to="?practice=true" variant="light" leftSection={<IconHeadphones size={16} aria-hidden />}>
      Practice
    </Button>
  );
  const actions = (practise || canEdit || canEmail) && (
    <Group gap="xs">
      {practise}
      {canEmail && (
        <Button variant="default" leftSection={<IconMail size={16} aria-hidden />} onClick={() => setEmailing(true)}>
          Email practice link
        </Button>
      )}
      {canEdit && (
        <>
          <Button leftSection={<IconEdit size={16} aria-hidden />} onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button
            variant="default"
            leftSection={piece.isArchived ? <IconArchiveOff size={16} aria-hidden /> : <IconArchive size={16} aria-hidden />}
            loading={archive.submitting || restore.submitting}
            // A refusal is said by the error toast; nothing else to do here.
            onClick={() => void (piece.isArchived ? restore : archive).submit({ id: piece.id }).catch(() => {})}
          >
            {piece.isArchived ? 'Restore' : 'Archive'}
          </Button>
          <Button variant="default" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setConfirmDelete(true)}>
            Delete
          </Button>
        </>
      )}
    </Group>
  );

  return (
    <Stack gap="lg">
      <BackLink />
      <Stack gap={4}>
        <PageHeader title={piece.title} actions={actions} />
        {piece.subtitle && (
          <Text size="lg" c="dimmed">
            {piece.subtitle}
          </Text>
        )}
        {piece.isArchived && (
          <Group>
            <Badge color="gray">Archived</Badge>
          </Group>
        )}
      </Stack>

      <PieceFields piece={piece} />
      <SungForSection choirId={choirId} musicId={piece.id} />

      <Stack gap="sm" component="section" aria-labelledby="piece-files">
        <Title order={2} size="h3" id="piece-files">
          Files
        </Title>
        <AttachmentList choirId={choirId} musicId={piece.id} attachments={piece.attachments} canEdit={canEdit} />
        {canPractise(piece.attachments) && (
          <OfflineMusic choirId={choirId} musicIds={[piece.id]} piece={piece} label="Make available offline" />
        )}
        {canEdit && <AttachmentUploader choirId={choirId} musicId={piece.id} />}
      </Stack>

      <PieceHistory choirId={choirId} musicId={piece.id} />
      {can('view:analytics') && <PiecePracticeSection choirId={choirId} musicId={piece.id} />}

      <ConfirmModal
        opened={confirmDelete}
        title="Delete music piece"
        confirmLabel="Delete"
        busy={remove.submitting}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() =>
          void remove
            .submit({ id: piece.id }, { onSuccess: () => navigate(LIBRARY_PATH, { replace: true }) })
            // Refused: the error toast says so and the question stays open to try again.
            .catch(() => {})
        }
      >
        {`Delete "${piece.title}" with its files? This cannot be undone.`}
      </ConfirmModal>
      {canEmail && (
        <EmailChoirModal
          choirId={choirId}
          target={{ musicId: piece.id }}
          title="Email practice link"
          opened={emailing}
          onClose={() => setEmailing(false)}
        />
      )}
      {canEdit && (
        <MusicFormModal
          opened={editing}
          piece={piece}
          onDirtyChange={setDirty}
          onClose={() => {
            setEditing(false);
            setDirty(false);
          }}
        />
      )}
      {/* Last, so that it opens above the edit form. */}
      <LeaveQuestion leaving={leaving} question={LEAVE_QUESTION} />
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    // On a phone the value goes under its label rather than into a thin column beside it.
    <Group gap="xs" wrap="wrap" align="flex-start">
      <Text component="dt" fw={600} w={150} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text component="dd" m={0} style={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

const LENGTHS: Record<string, string> = { short: 'Short', medium: 'Medium', long: 'Long' };

/** PieceFields lists the fields the piece has; empty ones are left out. */
export function PieceFields({ piece }: { piece: MusicPiece }) {
  const composer = piece.composerRecord;
  const lifetime = composer ? composerLifetime(composer) : '';
  const composerText = piece.composer || composer?.name;
  const rows: [string, ReactNode][] = [];
  const add = (label: string, value: ReactNode, show = true) => {
    if (show && value !== '' && value !== null && value !== undefined) rows.push([label, value]);
  };
  const level = (n: number | null | undefined) => (n ? `${difficultyLabel(n)} (${n}/10)` : null);

  // The name as written on the piece, then the library's composer it was matched to when spelled otherwise.
  const about = [composer && composer.name !== composerText ? composer.name : '', lifetime].filter(Boolean).join(', ');
  add('Composer', composerText ? `${composerText}${about ? ` (${about})` : ''}` : null);
  add('Period', composer?.period);
  add('Arranger', piece.arranger);
  add('Lyricist', piece.lyricist);
  add('Library number', piece.number);
  add('Type', piece.type?.name);
  add('Category', piece.category?.name);
  add('Language', piece.language);
  add(
    'Voicings',
    piece.voicings.length > 0 && (
      <Group gap={6} component="span">
        {piece.voicings.map((v) => (
          <Badge key={v.voicingId} variant={v.isPrimary ? 'filled' : 'light'} component="span">
            {v.isPrimary ? `${v.name} (primary)` : v.name}
          </Badge>
        ))}
      </Group>
    ),
    piece.voicings.length > 0,
  );
  add(
    'Tags',
    <Group gap={6} component="span">
      {piece.tags.map((t) => (
        <Badge key={t.id} component="span" variant="dot" color={t.color || undefined} styles={{ root: { textTransform: 'none' } }}>
          {t.name}
        </Badge>
      ))}
    </Group>,
    piece.tags.length > 0,
  );
  add('Duration', piece.durationMinutes ? formatDuration(piece.durationMinutes) : null);
  add('Length', piece.approxLengthCategory ? LENGTHS[piece.approxLengthCategory] : null);
  add('Year composed', piece.yearComposed);
  add('Rehearsal difficulty', level(piece.rehearsalWeighting));
  add('Rhythmic complexity', level(piece.rhythmicComplexityHint));
  add('Harmonic complexity', level(piece.harmonicComplexityHint));
  add('Parts', piece.numPartsInfo);
  add('Starting notes', piece.startingNotesInfo);
  add('Transposition', piece.transpositionSemitones ? formatTransposition(piece.transpositionSemitones) : null);
  add('Rest between uses', piece.minIntervalWeeks ? `${piece.minIntervalWeeks} week${piece.minIntervalWeeks === 1 ? '' : 's'}` : null);
  add('New to the choir', piece.isNewToChoirFlag ? 'Yes' : null);
  add('Last used', piece.lastUsedDate ? formatDate(piece.lastUsedDate) : null);
  add('Source', piece.sourcePublication);
  add('Catalog number', piece.catalogNumber);
  add('Copyright', piece.copyrightInfo);
  add('Notes', piece.defaultNotes ? <span style={{ whiteSpace: 'pre-wrap' }}>{piece.defaultNotes}</span> : null);

  return (
    <Paper withBorder p="md" component="section" aria-label="Details">
      <Stack gap="xs" component="dl" m={0}>
        {rows.map(([label, value]) => (
          <Field key={label} label={label}>
            {value}
          </Field>
        ))}
      </Stack>
    </Paper>
  );
}
