//
//  CGImage+BoxBlur.swift
//  BlurKit
//
//  Blurs an image's pixels in place with vImage's box convolution, three passes for a
//  near-Gaussian blur, and makes a new image of them through a bitmap context.
//

#if canImport(Accelerate)
import Accelerate
#endif
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

extension CGImage {
    func boxBlurred(radius: Int, passes: Int = 3) -> CGImage? {
        guard radius > 0 else { return self }
        guard let data = dataProvider?.data, let space = colorSpace else { return nil }
        let byteCount = bytesPerRow * height
        let input = malloc(byteCount)
        let output = malloc(byteCount)
        defer {
            free(input)
            free(output)
        }
        memcpy(input, CFDataGetBytePtr(data), byteCount)
        var source = vImage_Buffer(data: input, height: vImagePixelCount(height), width: vImagePixelCount(width), rowBytes: bytesPerRow)
        var destination = vImage_Buffer(data: output, height: vImagePixelCount(height), width: vImagePixelCount(width), rowBytes: bytesPerRow)
        let box = UInt32(radius * 2 + 1)
        for _ in 0..<passes {
            let error = vImageBoxConvolve_ARGB8888(&source, &destination, nil, 0, 0, box, box, nil, vImage_Flags(kvImageEdgeExtend))
            guard error == kvImageNoError else { return nil }
            swap(&source.data, &destination.data)
        }
        let context = CGContext(data: source.data, width: width, height: height, bitsPerComponent: bitsPerComponent,
                                bytesPerRow: bytesPerRow, space: space, bitmapInfo: bitmapInfo.rawValue)
        return context?.makeImage()
    }
}
