/** @jest-environment jsdom */
import { act } from 'react';
import { click, render, type } from '../testing/render';
import { CloseAccountForm } from './CloseAccountForm';
import { DeleteJobNow } from './DeleteJobNow';
import { EraseAddressForm } from './EraseAddressForm';

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const input = (container: HTMLElement) => container.querySelector('input')!;
const submitButton = (container: HTMLElement) => container.querySelector('button[type="submit"]') as HTMLButtonElement;

describe('closing the account', () => {
  it("stays disabled until the team's name is typed, then sends what was typed", () => {
    const sent: string[] = [];
    const { container, unmount } = render(
      <CloseAccountForm teamName="Engines Ltd" busy={false} onClose={(typed) => sent.push(typed)} />,
    );
    expect(container.querySelector('label')!.textContent).toContain('Engines Ltd');
    expect(submitButton(container).disabled).toBe(true);
    type(input(container), 'Engines');
    expect(submitButton(container).disabled).toBe(true);
    type(input(container), ' Engines Ltd ');
    expect(submitButton(container).disabled).toBe(false);
    click(submitButton(container));
    expect(sent).toEqual([' Engines Ltd ']);
    unmount();
  });

  it('cannot be sent twice while closing', () => {
    const { container, unmount } = render(<CloseAccountForm teamName="Engines Ltd" busy onClose={() => undefined} />);
    type(input(container), 'Engines Ltd');
    expect(submitButton(container).textContent).toBe('Closing…');
    expect(submitButton(container).disabled).toBe(true);
    unmount();
  });
});

describe('deleting a job now', () => {
  it('asks first, with focus on the question, and deletes only once confirmed', async () => {
    let deleted = 0;
    const { container, unmount } = render(<DeleteJobNow onDelete={async () => void deleted++} />);
    click(container.querySelector('button')!);
    expect(document.activeElement?.textContent).toBe('Delete this list’s data now?');
    const back = container.querySelectorAll('button')[1];
    click(back);
    expect(deleted).toBe(0);
    expect(container.querySelector('[role="alertdialog"]')).toBeNull();
    click(container.querySelector('button')!);
    click(container.querySelectorAll('button')[0]);
    await settle();
    expect(deleted).toBe(1);
    unmount();
  });
});

describe('erasing an address', () => {
  const confirm = window.confirm;
  afterEach(() => {
    window.confirm = confirm;
  });

  it('says what is wrong next to the field when it is not an address, and sends nothing', () => {
    const sent: string[] = [];
    const { container, unmount } = render(<EraseAddressForm onErase={async (a) => void sent.push(a)} />);
    type(input(container), 'jane');
    click(submitButton(container));
    expect(container.querySelector('.field-error')!.textContent).toMatch(/^Enter the email address/);
    expect(sent).toEqual([]);
    unmount();
  });

  it('sends the trimmed address once confirmed, and empties the field', async () => {
    window.confirm = () => true;
    const sent: string[] = [];
    const { container, unmount } = render(<EraseAddressForm onErase={async (a) => void sent.push(a)} />);
    type(input(container), ' jane@example.com ');
    click(submitButton(container));
    await settle();
    expect(sent).toEqual(['jane@example.com']);
    expect(input(container).value).toBe('');
    unmount();
  });

  it('sends nothing when the confirmation is declined', () => {
    window.confirm = () => false;
    const sent: string[] = [];
    const { container, unmount } = render(<EraseAddressForm onErase={async (a) => void sent.push(a)} />);
    type(input(container), 'jane@example.com');
    click(submitButton(container));
    expect(sent).toEqual([]);
    unmount();
  });
});
