import {
  $applyNodeReplacement,
  DecoratorNode,
  type DOMConversionMap,
  type DOMConversionOutput,
  type DOMExportOutput,
  type LexicalNode,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from 'lexical';
import type { JSX } from 'react';

export type SerializedImageNode = Spread<{ src: string; alt: string }, SerializedLexicalNode>;

function convertImage(element: HTMLElement): DOMConversionOutput {
  const src = element.getAttribute('src') ?? '';
  return { node: src ? $createImageNode({ src, alt: element.getAttribute('alt') ?? '' }) : null };
}

/**
 * An inline picture in the rich-text editor (Lexical has none built in): shown as an `<img>`,
 * written to HTML as `<img src alt>`, read back from any `<img>` with a source.
 */
export class ImageNode extends DecoratorNode<JSX.Element> {
  __src: string;
  __alt: string;

  static override getType(): string {
    return 'image';
  }

  static override clone(node: ImageNode): ImageNode {
    return new ImageNode(node.__src, node.__alt, node.__key);
  }

  static override importJSON(json: SerializedImageNode): ImageNode {
    return $createImageNode({ src: json.src, alt: json.alt });
  }

  static override importDOM(): DOMConversionMap | null {
    return { img: () => ({ conversion: convertImage, priority: 0 }) };
  }

  constructor(src: string, alt: string, key?: NodeKey) {
    super(key);
    this.__src = src;
    this.__alt = alt;
  }

  override exportJSON(): SerializedImageNode {
    return { ...super.exportJSON(), type: 'image', version: 1, src: this.__src, alt: this.__alt };
  }

  override exportDOM(): DOMExportOutput {
    const img = document.createElement('img');
    img.setAttribute('src', this.__src);
    img.setAttribute('alt', this.__alt);
    return { element: img };
  }

  override createDOM(): HTMLElement {
    const span = document.createElement('span');
    span.className = 'rte-image';
    return span;
  }

  override updateDOM(): false {
    return false;
  }

  override isInline(): boolean {
    return true;
  }

  getSrc(): string {
    return this.getLatest().__src;
  }

  override decorate(): JSX.Element {
    return <img src={this.__src} alt={this.__alt} style={{ maxWidth: '100%', height: 'auto', display: 'inline-block' }} draggable={false} />;
  }
}

/** A new picture node (inside an editor update). */
export function $createImageNode({ src, alt }: { src: string; alt: string }): ImageNode {
  return $applyNodeReplacement(new ImageNode(src, alt));
}

/** True for a picture node. */
export function $isImageNode(node: LexicalNode | null | undefined): node is ImageNode {
  return node instanceof ImageNode;
}
