import { Button, MantineProvider, Slider, TextInput } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyboardHelp, TOUCH_ONLY } from './KeyboardHelp';
import { ScoreViewer } from './ScoreViewer';

// jsdom draws nothing: a fake document whose pages say what they were asked to draw.
const rendered: number[] = [];
vi.mock('./pdf', () => ({
  openPdf: vi.fn(async () => ({
    numPages: 8,
    destroy: async () => {},
    getPage: async (n: number) => ({
      getViewport: ({ scale }: { scale: number }) => ({ width: 600 * scale, height: 800 * scale }),
      render: () => {
        rendered.push(n);
        return { promise: Promise.resolve(), cancel: () => {} };
      },
    }),
  })),
}));

afterEach(() => {
  rendered.length = 0;
});

function Viewer({ start = 1 }: { start?: number }) {
  const [page, setPage] = useState(start);
  return (
    <MantineProvider env="test">
      <ScoreViewer url="/score.pdf" page={page} onPageChange={setPage} />
    </MantineProvider>
  );
}

describe('ScoreViewer', () => {
  it('shows one page at a time on a narrow screen and says which', async () => {
    render(<Viewer />);
    expect(await screen.findByText('Page 1 of 8')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /^Score page/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  });

  it('turns pages by the buttons and by the arrow and page keys, within the score', async () => {
    const user = userEvent.setup();
    render(<Viewer start={7} />);
    await screen.findByText('Page 7 of 8');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 8 of 8')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('Page 8 of 8')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}{PageUp}');
    expect(screen.getByText('Page 6 of 8')).toBeInTheDocument();
    await user.keyboard('{PageDown}');
    expect(screen.getByText('Page 7 of 8')).toBeInTheDocument();
    // Still one canvas, redrawn: turning the page makes no new ones.
    expect(screen.getAllByRole('img', { name: /^Score page/ })).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Score page 7' })).toBeInTheDocument();
  });

  it('leaves the keys of a focused slider, field, button or editable text to that control', async () => {
    const user = userEvent.setup();
    function WithControls() {
      const [speed, setSpeed] = useState(100);
      return (
        <MantineProvider env="test">
          <Slider min={50} max={150} step={5} value={speed} onChange={setSpeed} thumbLabel="Speed" />
          <TextInput label="Go to bar" />
          <Button>Play</Button>
          <div contentEditable role="textbox" aria-label="Notes" tabIndex={0} />
          <Viewer start={3} />
        </MantineProvider>
      );
    }
    render(<WithControls />);
    await screen.findByText('Page 3 of 8');
    const slider = screen.getByRole('slider', { name: 'Speed' });
    slider.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{PageDown}');
    expect(slider).toHaveAttribute('aria-valuenow', '110');
    for (const control of [screen.getByRole('textbox', { name: 'Go to bar' }), screen.getByRole('button', { name: 'Play' }), screen.getByRole('textbox', { name: 'Notes' })]) {
      control.focus();
      await user.keyboard('{ArrowLeft}{PageUp}');
    }
    expect(screen.getByText('Page 3 of 8')).toBeInTheDocument();
    // The score's own controls and pages still turn by key.
    screen.getByRole('group', { name: 'Score pages' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('Page 4 of 8')).toBeInTheDocument();
    screen.getByRole('button', { name: 'Previous page' }).focus();
    await user.keyboard('{PageUp}');
    expect(screen.getByText('Page 3 of 8')).toBeInTheDocument();
  });

  it('turns by a tap on the left or right third and by a swipe', async () => {
    render(<Viewer start={3} />);
    await screen.findByText('Page 3 of 8');
    const area = screen.getByRole('img', { name: 'Score page 3' }).parentElement!.parentElement!;
    vi.spyOn(area, 'getBoundingClientRect').mockReturnValue({ left: 0, width: 300, top: 0, height: 400 } as DOMRect);
    const tap = (x: number) => {
      fireEvent.pointerDown(area, { clientX: x, clientY: 100 });
      fireEvent.pointerUp(area, { clientX: x, clientY: 100 });
    };
    tap(280);
    expect(screen.getByText('Page 4 of 8')).toBeInTheDocument();
    tap(20);
    tap(20);
    expect(screen.getByText('Page 2 of 8')).toBeInTheDocument();
    tap(150); // the middle third: nothing
    expect(screen.getByText('Page 2 of 8')).toBeInTheDocument();
    fireEvent.pointerDown(area, { clientX: 200, clientY: 100 });
    fireEvent.pointerUp(area, { clientX: 100, clientY: 110 });
    expect(screen.getByText('Page 3 of 8')).toBeInTheDocument();
  });

  it('zooms in and out and back to the width', async () => {
    const user = userEvent.setup();
    render(<Viewer />);
    await screen.findByText('Page 1 of 8');
    expect(screen.getByRole('button', { name: 'Fit to width' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByRole('button', { name: 'Fit to width' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Fit to width' }));
    expect(screen.getByRole('button', { name: 'Fit to width' })).toBeDisabled();
  });
});

describe('KeyboardHelp', () => {
  it('lists the shortcuts, opened by its button or the ? key', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider env="test">
        <KeyboardHelp />
      </MantineProvider>,
    );
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const text of ['Play or pause', 'Back 5 seconds', 'Set loop start (A) here', 'Clear the loop', 'Next page']) {
      expect(dialog).toHaveTextContent(text);
    }
  });

  it('offers no shortcuts button on a touch-only phone', () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query === TOUCH_ONLY,
    })) as typeof window.matchMedia;
    try {
      render(
        <MantineProvider env="test">
          <KeyboardHelp />
        </MantineProvider>,
      );
      expect(screen.queryByRole('button', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });
});
