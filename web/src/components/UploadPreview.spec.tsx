/** @jest-environment jsdom */
import { useState } from 'react';
import { previewCsv } from '../lib/csv-preview';
import { choose, render } from '../testing/render';
import { UploadPreview } from './UploadPreview';

const CSV = [
  'id,Name,Work email,Private email',
  '1,Ann,ann@corp.test,ann@home.test',
  '2,Bo,bo@corp.test,bo@home.test',
  '3,Cy,cy@corp.test,',
].join('\n');

function Harness({ text, onChange }: { text: string; onChange: (k: number) => void }) {
  const preview = previewCsv(text, true);
  const [column, setColumn] = useState(preview.emailColumn);
  return (
    <UploadPreview
      preview={preview}
      emailColumn={column}
      onColumnChange={(k) => {
        setColumn(k);
        onChange(k);
      }}
    />
  );
}

const chosenCells = (container: HTMLElement) =>
  [...container.querySelectorAll('td.chosen')].map((td) => td.textContent);

describe('upload preview and email column choice', () => {
  it('shows the first rows under the header and marks the detected column as chosen', () => {
    const { container, unmount } = render(<Harness text={CSV} onChange={() => undefined} />);
    expect([...container.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'id',
      'Name',
      'Work email (email)',
      'Private email',
    ]);
    expect(container.querySelectorAll('tbody tr')).toHaveLength(3);
    expect(chosenCells(container)).toEqual(['ann@corp.test', 'bo@corp.test', 'cy@corp.test']);
    expect(container.querySelector('.hint')!.textContent).toContain('Detected automatically');
    unmount();
  });

  it('lets the user choose another column through a labelled select, and moves the highlight', () => {
    const changes: number[] = [];
    const { container, unmount } = render(<Harness text={CSV} onChange={(k) => changes.push(k)} />);
    const select = container.querySelector('select')!;
    expect(container.querySelector(`label[for="${select.id}"]`)!.textContent).toBe('Email column');
    expect([...select.options].map((o) => o.textContent)).toEqual(['id', 'Name', 'Work email', 'Private email']);
    choose(select, '3');
    expect(changes).toEqual([3]);
    expect(chosenCells(container)).toEqual(['ann@home.test', 'bo@home.test', '']);
    expect(container.querySelector('.hint')!.textContent).toBe('Chosen by you.');
    unmount();
  });

  it('asks for a choice when no column looks like addresses', () => {
    const { container, unmount } = render(<Harness text={'a,b\n1,2\n'} onChange={() => undefined} />);
    const select = container.querySelector('select')!;
    expect(select.value).toBe('');
    expect(select.options[0].textContent).toBe('Choose the column with the addresses');
    expect(chosenCells(container)).toEqual([]);
    unmount();
  });
});
