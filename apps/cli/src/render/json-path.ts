/**
 * A JSON Pointer (`/options/0/depth`) as people read it: the pointer itself, the notation JSON
 * output, the host's answers and the errors a model receives all use, so one path means one
 * thing everywhere. The root pointer `""` (the whole arguments object) is shown as `(arguments)`,
 * as the model's retry message shows it.
 */
export function pointerToDisplayPath(pointer: string): string {
  return pointer === '' ? '(arguments)' : pointer;
}
