// FlipbookRender: display list, content rasteriser (cairo + pango), compositor, encoders.
import FlipbookQuartz
