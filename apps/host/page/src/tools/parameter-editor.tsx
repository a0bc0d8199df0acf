import type { NodeErrors } from './host-errors.js';
import { newNode, PARAMETER_TYPES, withType, type ParamNode, type ParameterType } from './schema-model.js';

interface Props {
  readonly node: ParamNode;
  /** Where the node is, for labels: `order`, `order.items[]`, `order.items[].sku`. */
  readonly path: string;
  /** The legend: "Parameter 2: sku", "Element of items". */
  readonly title: string;
  /** A property of an object (has a name and a required flag), or an array's element. */
  readonly kind: 'property' | 'items';
  readonly errors: Readonly<Record<string, NodeErrors>>;
  readonly onChange: (node: ParamNode) => void;
  /** Move, remove: for properties only. */
  readonly position?: { readonly index: number; readonly count: number; readonly onMove: (delta: -1 | 1) => void; readonly onRemove: () => void };
  /** Why the name cannot be kept (another property of the same object has it), shown beside the name. */
  readonly nameProblem?: string;
}

const BOUND_LABELS: Partial<Record<ParameterType, [string, string]>> = {
  integer: ['Minimum', 'Maximum'],
  number: ['Minimum', 'Maximum'],
  string: ['Min length', 'Max length'],
  array: ['Min items', 'Max items'],
};

/** One parameter's fields; an array's element and an object's properties nest inside, to any depth. */
export function ParameterEditor(props: Props) {
  const { node, errors } = props;
  const uid = node.uid;
  const nodeErrors = errors[uid];
  const invalid = (key: string) => (nodeErrors?.keys.has(key) ? 'true' : undefined);
  const describedBy = (key: string, hint?: string) => [hint, nodeErrors?.keys.has(key) ? `${uid}-message` : undefined].filter(Boolean).join(' ') || undefined;
  const set = (patch: Partial<ParamNode>) => props.onChange({ ...node, ...patch });
  const nameProblem = props.nameProblem;
  const text = (key: 'name' | 'description' | 'enumText' | 'defaultText' | 'minText' | 'maxText', label: string, dataKey: string, hint?: string) => {
    // A name another property has: said beside the name field, which is marked invalid.
    const ownProblem = key === 'name' ? nameProblem : undefined;
    return (
      <div class={`field field-${dataKey}`}>
        <label for={`${uid}-${dataKey}`}>{label}</label>
        <input
          id={`${uid}-${dataKey}`}
          data-key={dataKey}
          type="text"
          autocomplete="off"
          spellcheck={false}
          value={node[key]}
          aria-invalid={ownProblem !== undefined ? 'true' : invalid(dataKey)}
          aria-describedby={[describedBy(dataKey, hint), ownProblem !== undefined ? `${uid}-name-message` : undefined].filter(Boolean).join(' ') || undefined}
          onInput={(event) => set({ [key]: event.currentTarget.value })}
        />
        {key === 'name' ? (
          <p class="message" id={`${uid}-name-message`}>
            {ownProblem}
          </p>
        ) : null}
      </div>
    );
  };
  const raw = node.raw !== undefined;
  const bounds = raw ? undefined : BOUND_LABELS[node.type];
  const scalar = !raw && node.type !== 'array' && node.type !== 'object';
  const position = props.position;

  return (
    <fieldset class={`parameter parameter-${node.type}`} data-path={props.path} aria-describedby={nodeErrors === undefined ? undefined : `${uid}-message`}>
      <legend id={`${uid}-legend`}>{props.title}</legend>
      <div class="row">
        {props.kind === 'property' ? text('name', 'Name', 'name') : null}
        <div class="field field-type">
          <label for={`${uid}-type`}>Type</label>
          <select
            id={`${uid}-type`}
            data-key="type"
            value={raw ? '' : node.type}
            aria-invalid={invalid('type')}
            aria-describedby={describedBy('type', raw ? `${uid}-raw` : undefined)}
            onChange={(event) => event.currentTarget.value !== '' && props.onChange(withType(node, event.currentTarget.value as ParameterType))}
          >
            {raw ? (
              <option value="" disabled>
                other (see the JSON Schema pane)
              </option>
            ) : null}
            {PARAMETER_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </div>
        {props.kind === 'property' ? (
          <div class="field checkbox field-required">
            <input id={`${uid}-required`} data-key="required" type="checkbox" checked={node.required} onChange={(event) => set({ required: event.currentTarget.checked })} />
            <label for={`${uid}-required`}>Required</label>
          </div>
        ) : null}
      </div>
      {raw ? (
        <p class="hint raw-schema" id={`${uid}-raw`}>
          This schema is edited in the JSON Schema pane: the form cannot show it (such as a list of types, anyOf, $ref or a tuple). It is saved as it is.
        </p>
      ) : (
        text('description', 'Description', 'description')
      )}
      <div class="row">
        {scalar ? text('enumText', 'Allowed values', 'enum', 'enum-hint') : null}
        {scalar ? text('defaultText', 'Default', 'default') : null}
        {bounds !== undefined ? text('minText', bounds[0], 'min') : null}
        {bounds !== undefined ? text('maxText', bounds[1], 'max') : null}
      </div>
      <p class="message" id={`${uid}-message`}>
        {nodeErrors?.texts.join(' ')}
      </p>
      {!raw && node.type === 'array' && node.items !== undefined ? (
        <div class="nested">
          <ParameterEditor node={node.items} path={`${props.path}[]`} title={`Each element of ${props.path || 'the list'}`} kind="items" errors={errors} onChange={(items) => set({ items })} />
        </div>
      ) : null}
      {!raw && node.type === 'object' ? <PropertyList nodes={node.properties ?? []} path={props.path} ownerUid={uid} errors={errors} onChange={(properties) => set({ properties })} /> : null}
      {position !== undefined ? (
        <div class="buttons">
          <button type="button" data-action="up" disabled={position.index === 0} aria-label={`Move up ${props.title}`} onClick={() => position.onMove(-1)}>
            Move up
          </button>
          <button type="button" data-action="down" disabled={position.index === position.count - 1} aria-label={`Move down ${props.title}`} onClick={() => position.onMove(1)}>
            Move down
          </button>
          <button type="button" data-action="remove" class="danger" aria-label={`Remove ${props.title}`} onClick={position.onRemove}>
            Remove
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}

/** The properties of an object, in order, with "Add property"; `path` is the object's ('' for the tool's parameters). */
export function PropertyList(props: { nodes: readonly ParamNode[]; path: string; ownerUid?: string; errors: Readonly<Record<string, NodeErrors>>; onChange: (nodes: ParamNode[]) => void }) {
  const { nodes, path } = props;
  const top = props.ownerUid === undefined;
  const addId = top ? 'add-parameter' : `add-to-${props.ownerUid}`;
  const move = (index: number, delta: -1 | 1) => {
    const target = index + delta;
    if (target < 0 || target >= nodes.length) return;
    const next = [...nodes];
    [next[index], next[target]] = [next[target]!, next[index]!];
    props.onChange(next);
    // Focus follows the moved parameter's button once it is re-rendered in its new place.
    const moved = nodes[index]!;
    requestAnimationFrame(() => {
      const fieldset = document.getElementById(`${moved.uid}-legend`)?.parentElement;
      const button = fieldset?.querySelector<HTMLButtonElement>(`:scope > .buttons [data-action="${delta < 0 ? 'up' : 'down'}"]`);
      const other = fieldset?.querySelector<HTMLButtonElement>(`:scope > .buttons [data-action="${delta < 0 ? 'down' : 'up'}"]`);
      (button !== null && button !== undefined && !button.disabled ? button : other)?.focus();
    });
  };
  const add = () => {
    const node = newNode('string');
    props.onChange([...nodes, node]);
    requestAnimationFrame(() => document.getElementById(`${node.uid}-name`)?.focus());
  };
  const remove = (index: number) => {
    const next = nodes.filter((_, i) => i !== index);
    props.onChange(next);
    const focus = next[Math.min(index, next.length - 1)];
    requestAnimationFrame(() => document.getElementById(focus === undefined ? addId : `${focus.uid}-name`)?.focus());
  };
  return (
    <div class={top ? 'property-list top' : 'property-list nested'}>
      {top ? null : <p class="hint">Properties of {path}:</p>}
      {nodes.length === 0 ? <p class="hint">{top ? 'No parameters yet: the tool takes none.' : 'No properties yet.'}</p> : null}
      <ol class="parameters">
        {nodes.map((node, index) => {
          // Two properties named alike would become one in the schema: each is told so.
          const twin = node.name.trim() !== '' && nodes.some((other) => other !== node && other.name.trim() === node.name.trim());
          const label = node.name.trim();
          const title = top ? `Parameter ${index + 1}${label ? `: ${label}` : ''}` : `Property ${index + 1} of ${path}${label ? `: ${label}` : ''}`;
          const childPath = top ? label || `parameter ${index + 1}` : `${path}.${label || `property ${index + 1}`}`;
          return (
            <li key={node.uid} class="parameter-row">
              <ParameterEditor
                node={node}
                path={childPath}
                title={title}
                kind="property"
                errors={props.errors}
                onChange={(changed) => props.onChange(nodes.map((item) => (item.uid === changed.uid ? changed : item)))}
                position={{ index, count: nodes.length, onMove: (delta) => move(index, delta), onRemove: () => remove(index) }}
                {...(twin ? { nameProblem: `Another ${top ? 'parameter' : 'property'} here is also named "${node.name.trim()}": names must differ.` } : {})}
              />
            </li>
          );
        })}
      </ol>
      <button type="button" id={addId} class="add" onClick={add}>
        {top ? 'Add parameter' : `Add property to ${path}`}
      </button>
    </div>
  );
}
