package io.flocktune.tuner.run;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** One line per tenth of the simulations and one at the end, each with an ETA (or the time taken at the end). */
class CountdownTest {
    @Test
    void printsATenthAtATimeWithAnEtaAndTheTimeTakenAtTheEnd() {
        StringWriter text = new StringWriter();
        Countdown c = new Countdown(new PrintWriter(text), "robustness", 0, 200);
        for (int done = 7; done < 200; done += 7) c.to(done);
        c.to(200);
        List<String> lines = text.toString().lines().toList();
        assertEquals(10, lines.size(), text.toString());   // 10 %, 20 %, ..., 90 %, then 100 %
        assertTrue(lines.getFirst().matches("robustness: 21 of 200 simulations \\(10 %\\), ETA \\d+ s"), lines.getFirst());
        assertTrue(lines.getLast().matches("robustness: 200 of 200 simulations \\(100 %\\), done in \\d+ s"), lines.getLast());
    }

    @Test
    void aResumedRunStartsCountingFromWhereItWas() {
        StringWriter text = new StringWriter();
        Countdown c = new Countdown(new PrintWriter(text), "sensitivity", 50, 100);
        c.to(55);   // still in the tenth it resumed in: nothing
        assertEquals("", text.toString());
        c.to(60);
        assertTrue(text.toString().startsWith("sensitivity: 60 of 100 simulations (60 %), ETA "), text.toString());
        assertThrows(IllegalArgumentException.class, () -> new Countdown(new PrintWriter(new StringWriter()), "x", 5, 4));
    }
}
