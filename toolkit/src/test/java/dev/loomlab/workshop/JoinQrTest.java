package dev.loomlab.workshop;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.zxing.common.BitMatrix;
import com.google.zxing.qrcode.decoder.Decoder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The QR code the projector shows reads back as the join address. */
class JoinQrTest {

    @Test
    void theSvgReadsBackAsTheAddress() throws Exception {
        String address = "http://192.168.1.20:8077/";
        String svg = JoinQr.svg(address);
        Matcher box = Pattern.compile("viewBox=\"0 0 (\\d+) \\1\"").matcher(svg);
        assertThat(box.find()).as(svg).isTrue();
        int quiet = 4;
        int size = Integer.parseInt(box.group(1)) - 2 * quiet;
        BitMatrix modules = new BitMatrix(size);
        Matcher square = Pattern.compile("M(\\d+),(\\d+)h1v1h-1z").matcher(svg);
        int dark = 0;
        while (square.find()) {
            modules.set(Integer.parseInt(square.group(1)) - quiet, Integer.parseInt(square.group(2)) - quiet);
            dark++;
        }
        assertThat(dark).isPositive();
        assertThat(new Decoder().decode(modules).getText()).isEqualTo(address);
    }
}
